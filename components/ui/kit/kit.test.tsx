import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Button } from './Button';
import { Select, TextArea, TextInput } from './Field';
import { Checkbox } from './Checkbox';
import { FilePicker } from './FilePicker';
import { buttonClass, FIELD_FRAME_CLASS, figureLinkClass, linkClass, TABLE, toggleClass } from './styles';
import { Toggle } from './Toggle';

// The kit rendered to HTML as the server sends it: the attributes a browser, a screen reader and the e2e tests rely on.

const html = (node: React.ReactElement) => renderToStaticMarkup(node);
/** The attributes of the first `<tag …>` in the markup. */
function attrs(markup: string, tag: string): Record<string, string> {
  const open = new RegExp(`<${tag}\\b([^>]*)>`).exec(markup);
  if (!open) throw new Error(`no <${tag}> in ${markup}`);
  return Object.fromEntries([...open[1]!.matchAll(/([\w-]+)(?:="([^"]*)")?/g)].map((m) => [m[1]!, m[2] ?? '']));
}
const classes = (a: Record<string, string>) => new Set((a.class ?? '').split(/\s+/));

describe('Button', () => {
  it('is type="button" unless told, so a click in a form does not submit it', () => {
    expect(attrs(html(<Button>Go</Button>), 'button').type).toBe('button');
    expect(attrs(html(<Button type="submit">Go</Button>), 'button').type).toBe('submit');
  });

  it('passes disabled, aria-* and title through, and keeps its type when disabled', () => {
    const a = attrs(
      html(
        <Button disabled aria-label="Close" aria-pressed title="Close the dialog">
          ✕
        </Button>,
      ),
      'button',
    );
    expect(a).toMatchObject({ type: 'button', disabled: '', 'aria-label': 'Close', 'aria-pressed': 'true' });
    expect(a.title).toBe('Close the dialog');
  });

  it('draws the keyboard focus ring and a dark variant in every variant', () => {
    for (const v of ['plain', 'primary', 'quiet', 'danger', 'note'] as const) {
      const c = classes(attrs(html(<Button variant={v}>x</Button>), 'button'));
      expect(c.has('focus-visible:ring-sky-500'), v).toBe(true);
      expect(
        [...c].some((k) => k.startsWith('dark:')),
        v,
      ).toBe(true);
    }
  });

  it('tells the variants apart and adds layout classes after its own', () => {
    expect(buttonClass('primary')).toContain('bg-sky-700');
    expect(buttonClass('plain')).not.toContain('bg-sky-700');
    expect(buttonClass('danger')).toContain('hover:bg-red-50');
    expect(buttonClass('quiet')).not.toContain('border ');
    expect(buttonClass('plain', 'compact')).toContain('leading-5');
    expect(attrs(html(<Button className="ml-auto">x</Button>), 'button').class).toMatch(/ ml-auto$/);
  });
});

describe('fields', () => {
  it('a TextInput is a text input unless told, and passes autoFocus, value and aria-invalid through', () => {
    expect(attrs(html(<TextInput aria-label="Name" />), 'input')).toMatchObject({ type: 'text', 'aria-label': 'Name' });
    const a = attrs(
      html(<TextInput type="password" aria-invalid value="x" readOnly autoComplete="off" size="normal" mono />),
      'input',
    );
    expect(a).toMatchObject({ type: 'password', 'aria-invalid': 'true', value: 'x', autoComplete: 'off' });
    expect(classes(a).has('h-7')).toBe(true);
    expect(classes(a).has('font-mono')).toBe(true);
    // `size` is the kit's height, not the HTML attribute of that name.
    expect(a.size).toBeUndefined();
  });

  it('a Select keeps its options, its value and disabled', () => {
    const m = html(
      <Select aria-label="Expires after" value="2" disabled onChange={() => {}}>
        <option value="1">one</option>
        <option value="2">two</option>
      </Select>,
    );
    expect(attrs(m, 'select')).toMatchObject({ 'aria-label': 'Expires after', disabled: '' });
    expect(m).toMatch(/<option value="2" selected="">two<\/option>/);
    expect(classes(attrs(m, 'select')).has('h-6')).toBe(true);
  });

  it('a TextArea passes rows and its id through', () => {
    expect(attrs(html(<TextArea id="paste" rows={4} mono />), 'textarea')).toMatchObject({ id: 'paste', rows: '4' });
  });
});

describe('FilePicker', () => {
  const pick = () => {};

  it('is a labelled file input inside the label that draws it as a button', () => {
    const m = html(
      <FilePicker aria-label="Choose files" multiple accept=".jsonl,.json" onFiles={pick}>
        Choose files…
      </FilePicker>,
    );
    const input = attrs(m, 'input');
    expect(input).toMatchObject({ type: 'file', 'aria-label': 'Choose files', accept: '.jsonl,.json', multiple: '' });
    expect(classes(input).has('sr-only')).toBe(true);
    expect(m).toMatch(/^<label [^>]*>Choose files…<input /);
    expect(classes(attrs(m, 'label')).has('has-[:focus-visible]:ring-sky-500')).toBe(true);
    expect(input.webkitdirectory).toBeUndefined();
  });

  it('asks for a folder when told, in the server-rendered HTML', () => {
    const input = attrs(
      html(
        <FilePicker aria-label="Choose a folder" folder onFiles={pick}>
          Choose a folder…
        </FilePicker>,
      ),
      'input',
    );
    expect(input.webkitdirectory).toBe('');
  });

  it('puts its title on the label and disabled on the input', () => {
    const m = html(
      <FilePicker aria-label="Compare" title="Pick two runs" disabled onFiles={pick}>
        Compare…
      </FilePicker>,
    );
    expect(attrs(m, 'label').title).toBe('Pick two runs');
    expect(attrs(m, 'input').disabled).toBe('');
  });
});

describe('TABLE', () => {
  it('aligns figures and sets the header apart', () => {
    expect(TABLE.root).toContain('tabular-nums');
    expect(TABLE.num).toBe('text-right');
    expect(TABLE.row).toMatch(/dark:border-/);
  });
});

describe('linkClass', () => {
  it('underlines always in running text, on hover only when quiet', () => {
    expect(linkClass().split(' ')).toContain('underline');
    expect(linkClass('hover').split(' ')).not.toContain('underline');
    expect(linkClass('hover').split(' ')).toContain('hover:underline');
  });
});

describe('Toggle', () => {
  it('says pressed or not in aria-pressed, is type="button", and passes label, title and disabled through', () => {
    const on = attrs(
      html(
        <Toggle pressed aria-label="Show input as JSON" title="Show as text" look="tag">
          JSON
        </Toggle>,
      ),
      'button',
    );
    expect(on).toMatchObject({ type: 'button', 'aria-pressed': 'true', 'aria-label': 'Show input as JSON' });
    expect(on.title).toBe('Show as text');
    const off = attrs(
      html(
        <Toggle pressed={false} disabled>
          Hooks 0
        </Toggle>,
      ),
      'button',
    );
    expect(off).toMatchObject({ 'aria-pressed': 'false', disabled: '' });
  });

  it('draws pressed in sky, unpressed neutral, with the focus ring and a dark variant in both looks', () => {
    for (const look of ['chip', 'tag'] as const) {
      const on = classes(attrs(html(<Toggle pressed look={look} />), 'button'));
      const off = classes(attrs(html(<Toggle pressed={false} look={look} />), 'button'));
      expect(on.has('bg-sky-100'), look).toBe(true);
      expect(off.has('bg-sky-100'), look).toBe(false);
      expect(on.has('focus-visible:ring-sky-500') && off.has('focus-visible:ring-sky-500'), look).toBe(true);
      expect(
        [...off].some((k) => k.startsWith('dark:')),
        look,
      ).toBe(true);
    }
    expect(toggleClass('tag', false)).toContain('font-mono');
    expect(toggleClass('chip', false)).toContain('tabular-nums');
  });
});

describe('Checkbox', () => {
  it('is a checkbox inside its label, checked when told, with its props on the input', () => {
    const m = html(
      <Checkbox checked onChange={() => {}} title="Indent the JSON">
        pretty
      </Checkbox>,
    );
    expect(m).toMatch(/^<label [^>]*><input [^>]*>pretty<\/label>$/);
    const input = attrs(m, 'input');
    expect(input).toMatchObject({ type: 'checkbox', checked: '', title: 'Indent the JSON' });
    expect(classes(input).has('focus-visible:ring-sky-500')).toBe(true);
    expect(
      attrs(
        html(
          <Checkbox checked={false} onChange={() => {}}>
            x
          </Checkbox>,
        ),
        'input',
      ).checked,
    ).toBeUndefined();
  });
});

describe('figureLinkClass and FIELD_FRAME_CLASS', () => {
  it('a figure link underlines on hover, a dotted one always; both show the focus ring', () => {
    expect(figureLinkClass().split(' ')).toContain('hover:underline');
    expect(figureLinkClass('dotted').split(' ')).toEqual(expect.arrayContaining(['underline', 'decoration-dotted']));
    for (const c of [figureLinkClass(), figureLinkClass('dotted')]) expect(c).toContain('focus-visible:ring-sky-500');
  });

  it('a field frame takes the focus of the input within it', () => {
    expect(FIELD_FRAME_CLASS.split(' ')).toEqual(
      expect.arrayContaining(['focus-within:border-sky-500', 'focus-within:ring-1']),
    );
  });
});
