import { CHANGES, PROMPTS, TEXT_STEPS, THINK_SENTENCES, ident } from './corpus';
import { Rng } from './rng';
import { Gen } from './run';

// Prose: assistant steps, thinking, final answers, prompts, and thinking signatures.

function sentences(g: Gen, pool: readonly string[], n: number): string {
  const parts: string[] = [];
  for (let i = 0; i < n; i++) parts.push(g.fill(g.rng.pick(pool)));
  return parts.join(' ');
}

export function stepText(g: Gen): string {
  return sentences(g, TEXT_STEPS, g.rng.chance(0.7) ? 1 : g.rng.range(2, 4));
}

export function thinkingText(g: Gen): string {
  const paragraphs: string[] = [];
  const n = g.rng.range(1, 4);
  for (let i = 0; i < n; i++) paragraphs.push(sentences(g, THINK_SENTENCES, g.rng.range(2, 6)));
  return paragraphs.join('\n\n');
}

export function finalText(g: Gen): string {
  if (g.rng.chance(0.3)) return sentences(g, TEXT_STEPS, g.rng.range(1, 3));
  const bullets: string[] = [];
  const n = g.rng.range(3, 8);
  for (let i = 0; i < n; i++)
    bullets.push(`- **\`${g.rng.pick(g.repo.files).path}\`**: ${g.fill(g.rng.pick(CHANGES))}`);
  const closing = g.rng.chance(0.5)
    ? `All ${g.rng.range(40, 400)} tests pass and \`tsc --noEmit\` is clean.`
    : 'Let me know if you’d like me to also handle the “compact_boundary” case.';
  return `## Summary\n\n${bullets.join('\n')}\n\n${closing}`;
}

export function promptText(g: Gen): string {
  const text = g.fill(g.rng.pick(PROMPTS));
  if (!g.rng.chance(0.08)) return text;
  // Users paste stack traces; these make the occasional long prompt line.
  const frames: string[] = [];
  for (let i = 0; i < g.rng.range(6, 30); i++) {
    frames.push(
      `    at ${ident(g.rng)} (${g.cwd}/${g.rng.pick(g.repo.files).path}:${g.rng.range(1, 900)}:${g.rng.range(1, 80)})`,
    );
  }
  return `${text}\n\n\`\`\`\nTypeError: Cannot read properties of undefined (reading 'uuid')\n${frames.join('\n')}\n\`\`\``;
}

/** A pool of base64 noise; signatures are slices of it (generating each char is needlessly slow). */
export class Signatures {
  private readonly pool: string;

  constructor(rng: Rng) {
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
    let s = '';
    for (let i = 0; i < 65_536; i++) s += alphabet.charAt(rng.int(64));
    this.pool = s;
  }

  next(rng: Rng): string {
    const len = rng.range(50, 300) * 4;
    const start = rng.int(this.pool.length - len);
    return `Eu${this.pool.slice(start, start + len - 4)}==`;
  }
}
