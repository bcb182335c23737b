import { describe, expect, it } from 'vitest';
import { isProjectsFolder, pastedName, vetFiles } from './intake';

const file = (name: string, body: string | Uint8Array<ArrayBuffer>): File => new File([body], name);

describe('vetting what the user opens', () => {
  it('refuses images, CSV, empty files and files too large for a tab, each in words', async () => {
    expect(
      (await vetFiles([{ path: 'a.png', file: file('a.png', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2])) }], false))
        .error,
    ).toMatch(/a\.png is a PNG image, not a transcript/);
    expect((await vetFiles([{ path: 'p.csv', file: file('p.csv', 'name,age\nbob,3\n') }], false)).error).toMatch(
      /p\.csv does not look like JSONL: its first line is not JSON \("name,age"\)/,
    );
    expect((await vetFiles([{ path: 'e.jsonl', file: file('e.jsonl', '') }], false)).error).toMatch(
      /e\.jsonl is empty/,
    );
    // Random bytes are said to be binary, not quoted back as a garbled "first line".
    const noise = Uint8Array.from({ length: 300 }, (_, i) => (i * 151 + 7) % 256);
    expect((await vetFiles([{ path: 'b.jsonl', file: file('b.jsonl', noise) }], false)).error).toMatch(
      /^b\.jsonl is a binary file, not text: it is not a transcript\. Loupe reads/,
    );
    const beside = await vetFiles(
      [
        { path: 's.jsonl', file: file('s.jsonl', '{"type":"user"}\n') },
        { path: 'b.jsonl', file: file('b.jsonl', noise) },
      ],
      false,
    );
    expect(beside.skipped).toEqual([{ path: 'b.jsonl', reason: 'not a transcript (binary file)' }]);
    // Windows PowerShell 5's `>` writes UTF-16 with a byte-order mark: said, with what to do.
    const utf16 = new Uint8Array([0xff, 0xfe, ...[...'{"type":"user"}\n'].flatMap((c) => [c.charCodeAt(0), 0])]);
    expect((await vetFiles([{ path: 'w.jsonl', file: file('w.jsonl', utf16) }], false)).error).toMatch(
      /^w\.jsonl is UTF-16 text: Loupe reads UTF-8\. Save it as UTF-8 \(in PowerShell: Out-File -Encoding utf8\)/,
    );
    // Text that is not JSON is still quoted, colours and tabs included.
    expect(
      (await vetFiles([{ path: 'c.jsonl', file: file('c.jsonl', '\u001b[32mok\u001b[0m\tdone\n') }], false)).error,
    ).toMatch(/c\.jsonl does not look like JSONL/);
    // No size is refused up front: the worker reads what the tab's memory holds and says what it left out.
    const big = file('big.jsonl', '{"type":"user"}\n');
    Object.defineProperty(big, 'size', { value: 2 * 1024 ** 3 });
    const vetted = await vetFiles([{ path: 'big.jsonl', file: big }], false);
    expect(vetted.error).toBeUndefined();
    expect(vetted.files.map((f) => f.path)).toEqual(['big.jsonl']);
  });

  it('opens transcripts, gzip included, and skips the odd file of a folder with a note', async () => {
    const ok = await vetFiles(
      [
        { path: 'p/s.jsonl', file: file('s.jsonl', '{"type":"user"}\n') },
        { path: 'p/notes.csv', file: file('notes.csv', 'a,b') },
        { path: 'p/t.jsonl.gz', file: file('t.jsonl.gz', new Uint8Array([0x1f, 0x8b, 8])) },
      ],
      true,
    );
    expect(ok.error).toBeUndefined();
    expect(ok.files.map((f) => f.path)).toEqual(['p/s.jsonl', 'p/t.jsonl.gz']);
    expect(ok.note).toMatch(/^1 file skipped\./);
    // What the viewer names, with why.
    expect(ok.skipped).toEqual([{ path: 'p/notes.csv', reason: 'not a .jsonl or .json file' }]);
    const mixed = await vetFiles(
      [
        { path: 's.jsonl', file: file('s.jsonl', '{"type":"user"}\n') },
        { path: 'image.png', file: file('image.png', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1])) },
        { path: 'people.csv', file: file('people.csv', 'name,age\n') },
        { path: 'empty.jsonl', file: file('empty.jsonl', '') },
      ],
      false,
    );
    expect(mixed.files.map((f) => f.path)).toEqual(['s.jsonl']);
    expect(mixed.note).toMatch(/^3 files skipped\./);
    expect(mixed.skipped).toEqual([
      { path: 'image.png', reason: 'not a transcript (PNG image)' },
      { path: 'people.csv', reason: 'not JSONL (its first line is not JSON)' },
      { path: 'empty.jsonl', reason: 'empty' },
    ]);
  });
});

describe('a whole projects folder', () => {
  const picked = (...paths: string[]) => paths.map((p) => ({ path: p, file: file(p.split('/').pop() ?? p, '{}') }));
  const S1 = 'a0000000-0000-4000-8000-000000000001.jsonl';
  const S2 = 'b0000000-0000-4000-8000-000000000002.jsonl';

  it('is told by session files directly inside two or more project folders', () => {
    expect(isProjectsFolder(picked(`projects/-home-a/${S1}`, `projects/-home-b/${S2}`))).toBe(true);
    expect(
      isProjectsFolder(
        picked(
          `projects/-home-a/${S1}`,
          `projects/-home-a/${S1.replace('1.', '3.')}/subagents/agent-x.jsonl`,
          `projects/-home-b/${S2}`,
        ),
      ),
    ).toBe(true);
  });

  it('is not one project folder (its subagent files included), nor folders of other transcripts', () => {
    // One project: sessions, and a session folder with its subagents.
    expect(
      isProjectsFolder(
        picked(`-home-a/${S1}`, `-home-a/${S2}`, `-home-a/${S1.replace('.jsonl', '')}/subagents/agent-x.jsonl`),
      ),
    ).toBe(false);
    expect(isProjectsFolder(picked(`projects/-home-a/${S1}`, `projects/-home-a/${S2}`))).toBe(false);
    // Runs of an SDK app, one folder each: not session files.
    expect(isProjectsFolder(picked('runs/one/out.jsonl', 'runs/two/out.jsonl'))).toBe(false);
  });
});

describe('naming pasted text', () => {
  it('is pasted.json for one JSON document: an array, or one object over several lines', () => {
    expect(pastedName('  [{"type":"system"},\n{"type":"result"}]\n')).toBe('pasted.json');
    expect(pastedName('{\n  "messages": [\n    {"type": "system"}\n  ]\n}\n')).toBe('pasted.json');
  });

  it('is pasted.jsonl for lines of JSON, one line included, and for text that is neither', () => {
    expect(pastedName('{"type":"user"}\n{"type":"assistant"}\n')).toBe('pasted.jsonl');
    expect(pastedName('{"type":"user"}')).toBe('pasted.jsonl');
    expect(pastedName('{"type":"user",\n oops')).toBe('pasted.jsonl');
    expect(pastedName('not json')).toBe('pasted.jsonl');
  });
});
