// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { focusDetails } from './focus-details';

afterEach(() => {
  document.body.innerHTML = '';
});

const tick = (): Promise<void> => new Promise((r) => setTimeout(r, 0));

function page(): { list: HTMLElement; details: HTMLElement } {
  document.body.innerHTML = '<div id="list" tabindex="0"></div><div id="details"><p>Loading…</p></div>';
  const list = document.getElementById('list') as HTMLElement;
  list.focus();
  return { list, details: document.getElementById('details') as HTMLElement };
}

const drawTabs = (details: HTMLElement): void => {
  details.innerHTML =
    '<button role="tab" aria-selected="false">Raw</button><button role="tab" aria-selected="true">Message</button>';
};

describe('focusDetails', () => {
  it('focuses the selected tab at once when the details are drawn', () => {
    const { details } = page();
    drawTabs(details);
    focusDetails(details);
    expect(document.activeElement?.textContent).toBe('Message');
  });

  it('focuses it once the details of a row still loading are drawn', async () => {
    const { details } = page();
    focusDetails(details);
    await tick();
    drawTabs(details);
    await tick();
    expect(document.activeElement?.textContent).toBe('Message');
  });

  it('leaves the focus alone when the keyboard went elsewhere while they loaded', async () => {
    const { details } = page();
    const other = document.createElement('input');
    document.body.append(other);
    focusDetails(details);
    other.focus();
    drawTabs(details);
    await tick();
    expect(document.activeElement).toBe(other);
  });
});
