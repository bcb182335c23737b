import { expect, test, type Locator } from '@playwright/test';
import { cc, jsonl, text } from '../lib/trace/testing/builders';
import { writeProjects } from './helpers/projects';
import { Loupe } from './pages/Loupe';

// Project folders are named after their paths, so projects under one folder share a long start and differ at the
// end: the Project column, too narrow for them, cuts them at the start.

const APPS = ['api', 'web'] as const;
const project = (app: string): string => `-Users-someone-workspace-company-monorepo-${app}`;
/** How the library shows it: no `cwd` of its lines (the builders' /repo) spells it, so its name without the dash. */
const shown = (app: string): string => project(app).slice(1);

function monorepo(): Record<string, string> {
  const files: Record<string, string> = {};
  for (const [i, app] of APPS.entries()) {
    const id = `f000000${i}-0000-4000-8000-000000000000`;
    const time = `2026-03-0${i + 1}T10:00:00.000Z`;
    files[`projects/${project(app)}/${id}.jsonl`] = jsonl([
      cc.prompt(`Fix the ${app}`, { session: id, time }),
      cc.assistant(
        `msg_${app}`,
        [text('ok')],
        { input: 1, output: 1 },
        { session: id, model: 'claude-opus-4-6', time },
      ),
    ]);
  }
  return files;
}

/** Whether a text's first and last characters are drawn inside its element's box (or cut off by its overflow). */
function endsShown(el: Locator): Promise<{ first: boolean; last: boolean }> {
  return el.evaluate((box) => {
    const rect = box.getBoundingClientRect();
    const node = box.querySelector('bdi')?.firstChild ?? box.firstChild;
    const len = node?.textContent?.length ?? 0;
    const at = (i: number): DOMRect => {
      const r = document.createRange();
      if (node) r.setStart(node, i);
      if (node) r.setEnd(node, i + 1);
      return r.getBoundingClientRect();
    };
    const inside = (r: DOMRect): boolean => r.left >= rect.left && r.right <= rect.right;
    return { first: inside(at(0)), last: inside(at(len - 1)) };
  });
}

test('the Project column and the legend keep the end of a long project name in view, where projects differ', async ({
  page,
}, info) => {
  await new Loupe(page).home();
  await page.getByLabel('Projects folder').setInputFiles(writeProjects(info.outputPath('gen'), monorepo()));
  await expect(page.getByText(/files? · .* scanned/)).toBeVisible();
  for (const app of APPS) {
    const cell = page.getByRole('grid', { name: 'Sessions' }).getByRole('gridcell', { name: shown(app), exact: true });
    await expect(cell).toHaveText(shown(app));
    expect(await endsShown(cell)).toEqual({ first: false, last: true });
    // The chart's legend too.
    expect(
      await endsShown(
        page
          .getByRole('list', { name: 'Legend' })
          .getByRole('listitem')
          .filter({ hasText: shown(app) })
          .locator('span[title]'),
      ),
    ).toEqual({
      first: false,
      last: true,
    });
  }
});
