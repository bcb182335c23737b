import { cc, jsonl, text, toolUse, type Line } from '../../trace/testing/builders';

// Hand-made runs for the comparison's tests and bench: Claude Code session lines, one response per prompt, each with
// its tool calls (a model call asking for each, its result) and a closing answer.

export interface CallSpec {
  readonly name: string;
  readonly input: Line;
  readonly error?: boolean;
  readonly result?: string;
}

export interface ResponseSpec {
  readonly prompt: string;
  readonly calls: readonly CallSpec[];
  /** Output tokens of each model call (default 100). */
  readonly output?: number;
}

/** A session file's text for these responses; `tag` keeps ids apart between runs, `model` prices the calls. */
export function runText(tag: string, responses: readonly ResponseSpec[], opts: { model?: string } = {}): string {
  const lines: Line[] = [];
  const session = `sess-${tag}`;
  let t = Date.parse('2026-01-01T00:00:00.000Z');
  let n = 0;
  const at = (): string => new Date((t += 1000)).toISOString();
  const model = opts.model ?? 'claude-sonnet-4-5-20250929';
  responses.forEach((r, i) => {
    lines.push(cc.prompt(r.prompt, { session, time: at() }));
    for (const c of r.calls) {
      const id = `toolu_${tag}_${++n}`;
      lines.push(
        cc.assistant(
          `msg_${tag}_${n}`,
          [toolUse(id, c.name, c.input)],
          { input: 10, output: r.output ?? 100 },
          { session, time: at(), model, stop: 'tool_use' },
        ),
      );
      lines.push(cc.result(id, c.result ?? `ok ${c.name}`, { session, time: at(), isError: c.error ?? false }));
    }
    lines.push(
      cc.assistant(
        `msg_${tag}_end${i}`,
        [text(`done ${i}`)],
        { input: 10, output: r.output ?? 100 },
        { session, time: at(), model, stop: 'end_turn' },
      ),
    );
  });
  return jsonl(lines);
}
