// `loupe check` and `loupe stats` on what users really give them: paths twice, a folder and a file in it, sidecars,
// empty and missing inputs, unsound numbers, files that are no transcript. Exit codes: 0 ok, 1 failed, 2 usage or
// internal error in one line.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cc, jsonl, sdk, text, toolUse } from '../trace/testing/builders';
import { parseArgs } from './args';
import { runCli } from './main';

const dir = mkdtempSync(path.join(tmpdir(), 'loupe-check-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function write(rel: string, data: string): string {
  const p = path.join(dir, rel);
  mkdirSync(path.dirname(p), { recursive: true });
  writeFileSync(p, data);
  return p;
}

async function run(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await runCli(argv, { out: (s) => (out += `${s}\n`), err: (s) => (err += `${s}\n`) });
  return { code, out, err };
}

interface Json {
  ok: boolean;
  problems: string[];
  stats: {
    lines: { total: number; sidecars: number };
    apiMessages: number;
    tokens: { input: number; output: number };
    diagnostics: { warning: number };
  };
}
const json = (out: string): Json => JSON.parse(out) as Json;

const session = jsonl([
  cc.prompt('go', { session: 'S' }),
  cc.assistant(
    'msg_1',
    [toolUse('toolu_1', 'Agent', { subagent_type: 'Explore', prompt: 'p' })],
    { input: 100, output: 10 },
    { session: 'S' },
  ),
  cc.result('toolu_1', 'done', { session: 'S' }),
  cc.assistant('msg_2', [text('ok')], { input: 200, output: 20 }, { session: 'S', stop: 'end_turn' }),
]);
const proj = path.join(dir, 'proj');
const main = write('proj/S.jsonl', session);
write(
  'proj/S/subagents/agent-abc.jsonl',
  jsonl([
    cc.assistant('msg_s', [text('found')], { input: 5, output: 1 }, { session: 'S', sidechain: true, agentId: 'abc' }),
  ]),
);
write(
  'proj/S/subagents/agent-abc.meta.json',
  JSON.stringify({ agentType: 'Explore', description: 'look', toolUseId: 'toolu_1' }),
);

describe('input paths are resolved and read once', () => {
  it('a folder: 5 transcript lines; the .meta.json sidecar is attached, not counted as a line', async () => {
    const r = await run('check', proj, '--json');
    expect(r.code).toBe(0);
    expect(json(r.out).stats.lines).toMatchObject({ total: 5, sidecars: 1 });
    expect(json(r.out).stats.apiMessages).toBe(3);
  });

  it('the same path twice, a folder and a file inside it, a relative spelling: the same counts, no duplicate warnings', async () => {
    const once = json((await run('check', proj, '--json')).out);
    const rel = path.relative(process.cwd(), main);
    for (const argv of [
      [proj, proj],
      [proj, main],
      [main, proj],
      [proj, rel, `${proj}/`],
    ]) {
      const r = await run('check', ...argv, '--json');
      expect(r.code, argv.join(' ')).toBe(0);
      expect(json(r.out).stats, argv.join(' ')).toEqual(once.stats);
    }
  });

  it('a file given twice is one file', async () => {
    const a = json((await run('check', main, '--json')).out);
    const b = json((await run('check', main, main, '--json')).out);
    expect(b.stats).toEqual(a.stats);
    expect(b.stats.tokens.output).toBe(30);
  });
});

describe('loupe check exit codes', () => {
  it('1 for a path that does not exist, said in one line', async () => {
    const r = await run('check', path.join(dir, 'nope'));
    expect(r.code).toBe(1);
    // Only what is wrong: no second problem about the 0 files that were not there to read.
    expect(r.out).toBe(`FAIL:\n  - ${path.join(dir, 'nope')}: no such file or folder\n`);
  });

  it('1 for a folder with no transcript in it', async () => {
    mkdirSync(path.join(dir, 'empty'), { recursive: true });
    write('notes/readme.txt', 'hello');
    for (const p of [path.join(dir, 'empty'), path.join(dir, 'notes')]) {
      const r = await run('check', p);
      expect(r.code, p).toBe(1);
      expect(r.out).toContain('no transcript in this folder');
    }
  });

  it('1 for an image or binary file, said in one sentence as the home page says it, not as lines that are not JSON', async () => {
    const png = path.join(dir, 'shot.png');
    writeFileSync(
      png,
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]),
    );
    const bin = path.join(dir, 'dump.jsonl');
    writeFileSync(bin, Buffer.from(Array.from({ length: 300 }, (_, i) => (i * 151 + 7) % 256)));
    const good = write('good.jsonl', session);
    const r = await run('check', png, bin, good);
    expect(r.code).toBe(1);
    expect(r.out).toBe(
      `FAIL:\n  - ${png} is a PNG image, not a transcript.\n  - ${bin} is a binary file, not text: it is not a transcript.\n`,
    );
    // stats exits 1 on it, as on a path that is not there.
    const s = await run('stats', png);
    expect(s).toEqual({ code: 1, out: '', err: `loupe: ${png} is a PNG image, not a transcript.\n` });
  });

  it('1 for a 0-byte file and a blank-only file: no events', async () => {
    for (const p of [write('zero.jsonl', ''), write('blank.jsonl', '\n\n  \n\n')]) {
      const r = await run('check', p);
      expect(r.code, p).toBe(1);
      expect(r.out).toBe(
        `FAIL:\n  - no events: 1 file holds no transcript line (${p.endsWith('blank.jsonl') ? 4 : 0} blank, 0 invalid)\n`,
      );
    }
  });

  it('0 and counts in words, singular for one: "1 model call", not "1 model calls"', async () => {
    const one = write(
      'one/one.jsonl',
      jsonl([
        cc.prompt('go', { session: 'O' }),
        cc.assistant('msg_o', [text('ok')], { input: 10, output: 1 }, { session: 'O' }),
      ]),
    );
    expect((await run('check', one)).out).toMatch(/^ok: 2 lines, 1 model call, \$[\d.]+ computed\n$/);
    expect((await run('check', main)).out).toMatch(/^ok: 4 lines, 2 model calls, /);
    expect((await run('stats', one)).out).toMatch(/^lines {6}2 \(0 invalid, 0 blank\) in 1 file$/m);
  });

  it('1 for a negative token count, naming field and line; --max-cost cannot be dodged by it', async () => {
    const neg = jsonl([
      cc.prompt('go'),
      cc.assistant('msg_n', [text('x')], { input: 1, output: 1 }),
      cc.assistant('msg_big', [text('y')], { input: 1_000_000, output: 1_000_000 }, { stop: 'end_turn' }),
    ]).replace('"input_tokens":1,', '"input_tokens":-2000000,');
    const p = write('neg.jsonl', neg);
    const r = await run('check', p, '--max-cost', '1');
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/neg\.jsonl:2: line 2: message\.usage\.input_tokens is -2000000: negative/);
    // The good call alone: 1M in + 1M out at the long-context rates ($6 + $22.50).
    // The good call alone: 1M in + 1M out at the long-context rates ($6 + $22.50).
    expect(r.out).toMatch(/cost \$28\.50 exceeds --max-cost \$1/);
  });

  it('0 for a non-Claude .jsonl of {"type":"result"} lines: raw rows and one info diagnostic', async () => {
    const p = write(
      'journal/run.jsonl',
      jsonl([
        { type: 'result', step: 'a' },
        { type: 'result', step: 'b' },
      ]),
    );
    const r = await run('check', p, '--json');
    expect(r.code).toBe(0);
    expect(json(r.out).stats.lines.total).toBe(2);
    const s = await run('stats', p, '--json');
    expect(s.code).toBe(0);
  });

  it('1 for a line past --max-line-bytes, named with its byte range; 0 under the default limit', async () => {
    const big = write('long.jsonl', jsonl([sdk.init(), `{"type":"user","pad":"${'x'.repeat(5000)}"}`, sdk.result()]));
    const r = await run('check', big, '--max-line-bytes', '4k');
    expect(r.code).toBe(1);
    expect(r.out).toMatch(
      /long\.jsonl:2: line 2 is 4\.\d KiB \(bytes \d+–\d+\): longer than the 4 KiB line limit, skipped/,
    );
    expect((await run('check', big)).code).toBe(0);
  });

  it('2 for usage errors, each in one line', async () => {
    for (const [argv, said] of [
      [['check'], 'loupe: check needs files or folders (loupe --help for usage)'],
      [
        ['check', main, '--max-cost', 'lots'],
        'loupe: --max-cost takes a number of US dollars; got "lots" (loupe --help for usage)',
      ],
      [['check', main, '--bogus'], 'loupe: unknown option --bogus (loupe --help for usage)'],
      [
        ['check', main, '--max-line-bytes', '12 parsecs'],
        'loupe: --max-line-bytes takes a size in bytes (a whole number, or with a unit: 64MB, 8GB); got "12 parsecs" (loupe --help for usage)',
      ],
      [['frobnicate', main], 'loupe: unknown command "frobnicate": stats, check or diff (loupe --help for usage)'],
    ] as const) {
      const r = await run(...argv);
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.out + r.err).toBe(`${said}\n`);
    }
  });

  it('0 with the usage on stdout for --help, -h and help, first or after a command', async () => {
    for (const argv of [['--help'], ['-h'], ['help'], ['stats', '--help'], ['check', '-h']]) {
      const r = await run(...argv);
      expect(r.code, argv.join(' ')).toBe(0);
      expect(r.out, argv.join(' ')).toMatch(/^usage:\n {2}loupe stats /);
      expect(r.err, argv.join(' ')).toBe('');
    }
    // It fits a terminal of the default width.
    const wide = (await run('--help')).out.split('\n').filter((l) => l.length > 80);
    expect(wide).toEqual([]);
  });

  it('reads every argument after -- as a path, even one that starts with dashes', async () => {
    expect(parseArgs(['check', '--json', '--', '--odd', '-h'])).toEqual({
      command: 'check',
      paths: ['--odd', '-h'],
      flags: new Set(['--json']),
      values: new Map(),
    });
    const r = await run('check', '--', main);
    expect(r.code).toBe(0);
  });

  it('2 for an internal error, in one line without a stack; --debug adds the stack', async () => {
    const boom = (): void => {
      throw new Error('disk on fire\nsecond line');
    };
    let err = '';
    const code = await runCli(['check', main], { out: boom, err: (s) => (err += `${s}\n`) });
    expect(code).toBe(2);
    expect(err).toBe('loupe: internal error: disk on fire (--debug shows where)\n');
    err = '';
    expect(await runCli(['check', main, '--debug'], { out: boom, err: (s) => (err += `${s}\n`) })).toBe(2);
    expect(err).toMatch(/^loupe: internal error: disk on fire\nError: disk on fire[\s\S]*\n\s+at /);
  });
});
