import { COMMENTS, LITERALS, PEOPLE, TYPES, WORDS, ident } from './corpus';
import { Rng, hexString } from './rng';

// The fake repository the agent reads, greps and edits.

export interface RepoFile {
  path: string;
  lines: string[];
  text: string;
}

export const DIRS = [
  'lib/trace',
  'lib/trace/model',
  'lib/stats',
  'components',
  'components/timeline',
  'app/api/sessions',
  'test',
  'test/unit',
  'scripts',
  'lib/io',
] as const;

export function codeStatement(rng: Rng, ind: string): string {
  const id = ident(rng);
  switch (rng.int(8)) {
    case 0:
      return `${ind}const ${id} = ${ident(rng)}(${rng.pick(WORDS)}, ${rng.pick(LITERALS)});`;
    case 1:
      return `${ind}${id}.${rng.pick(WORDS)} += ${rng.range(1, 64)};`;
    case 2:
      return `${ind}return ${ident(rng)}(${rng.pick(WORDS)}Offset, ${rng.pick(LITERALS)});`;
    case 3:
      return `${ind}let ${rng.pick(WORDS)}: ${rng.pick(TYPES)} = ${rng.pick(LITERALS)};`;
    case 4:
      return `${ind}throw new Error(\`Unexpected “\${${rng.pick(WORDS)}}” at line \${lineNo}\`);`;
    case 5:
      return `${ind}${rng.pick(WORDS)}s.push({ ${rng.pick(WORDS)}, offset: ${rng.pick(WORDS)}Start + ${rng.range(1, 9)} });`;
    case 6:
      return `${ind}log.debug('${rng.pick(WORDS)} ${rng.pick(WORDS)} ✓', { ${rng.pick(WORDS)} });`;
    default:
      return `${ind}await ${ident(rng)}(${rng.pick(WORDS)}.${rng.pick(WORDS)});`;
  }
}

function codeTopLevel(rng: Rng, out: string[]): number {
  const r = rng.next();
  if (r < 0.15) out.push(`import { ${ident(rng)} } from './${rng.pick(WORDS)}-${rng.pick(WORDS)}';`);
  else if (r < 0.3) out.push(`// ${rng.pick(COMMENTS)}`);
  else if (r < 0.4) out.push(`export const ${rng.pick(WORDS).toUpperCase()}_LIMIT = ${rng.range(2, 4096)};`);
  else if (r < 0.5) out.push('');
  else {
    out.push(`export function ${ident(rng)}(${rng.pick(WORDS)}: ${rng.pick(TYPES)}): ${rng.pick(TYPES)} {`);
    return 1;
  }
  return 0;
}

/** TypeScript-looking lines with balanced braces, so Read/Edit outputs look like code. */
export function codeLines(rng: Rng, count: number): string[] {
  const out: string[] = [];
  let depth = 0;
  while (out.length < count) {
    const ind = '  '.repeat(depth);
    const r = rng.next();
    if (depth === 0) depth += codeTopLevel(rng, out);
    else if (r < 0.12 && depth < 4) {
      out.push(`${ind}if (${rng.pick(WORDS)} === ${rng.pick(LITERALS)}) {`);
      depth++;
    } else if (r < 0.24) {
      depth--;
      out.push(`${'  '.repeat(depth)}}`);
    } else if (r < 0.32) out.push(`${ind}// ${rng.pick(COMMENTS)}`);
    else out.push(codeStatement(rng, ind));
  }
  return out;
}

/** Long JSON-ish rows (fixtures, exports): the big files that give 20-200 KB Read results. */
function dataLines(rng: Rng, count: number): string[] {
  const out: string[] = ['['];
  for (let i = 1; i < count - 1; i++) {
    out.push(
      `  { "id": "evt_${hexString(rng, 12)}", "ts": "2026-01-${String(rng.range(10, 28))}T${String(rng.range(10, 23))}:` +
        `${String(rng.range(10, 59))}:00Z", "user": "${rng.pick(PEOPLE)}", "amount": ${rng.range(1, 9999) / 100}, ` +
        `"note": "${rng.pick(WORDS)} — “${rng.pick(WORDS)}” …" },`,
    );
  }
  out.push(']');
  return out;
}

export class Repo {
  readonly files: RepoFile[] = [];
  readonly bigFiles: RepoFile[] = [];

  constructor(rng: Rng) {
    for (let i = 0; i < 48; i++) {
      const path = `${rng.pick(DIRS)}/${rng.pick(WORDS)}-${rng.pick(WORDS)}${i}.ts`;
      this.add(path, codeLines(rng, rng.logUniform(12, 900)), false);
    }
    for (let i = 0; i < 6; i++) {
      this.add(`test/fixtures/generated/events-${i}.json`, dataLines(rng, rng.range(900, 2400)), true);
      this.add(`lib/trace/generated/schema-${i}.ts`, codeLines(rng, rng.range(2500, 5000)), true);
    }
  }

  private add(path: string, lines: string[], big: boolean): void {
    const file = { path, lines, text: lines.join('\n') };
    (big ? this.bigFiles : this.files).push(file);
  }

  /** A normal file no longer than `maxChars` when possible (callers cap sizes near the end of a file). */
  smallFile(rng: Rng, maxChars: number): RepoFile {
    for (let i = 0; i < 6; i++) {
      const f = rng.pick(this.files);
      if (f.text.length <= maxChars) return f;
    }
    let best = rng.pick(this.files);
    for (const f of this.files) if (f.text.length < best.text.length) best = f;
    return best;
  }
}
