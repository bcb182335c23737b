// A tool call's signature: its name and its input normalized (object keys sorted, runs of whitespace in strings made
// one space, ends trimmed), so two runs that asked for the same thing match whatever order the keys came in.

function normalize(v: unknown): unknown {
  if (typeof v === 'string') return v.replace(/\s+/g, ' ').trim();
  if (Array.isArray(v)) return v.map(normalize);
  if (v !== null && typeof v === 'object') {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(v).sort()) out[k] = normalize((v as Record<string, unknown>)[k]);
    return out;
  }
  return v;
}

/** Keys sorted, values as given: what the word diff of two inputs reads. */
function sortKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortKeys);
  if (v !== null && typeof v === 'object') {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(v).sort()) out[k] = sortKeys((v as Record<string, unknown>)[k]);
    return out;
  }
  return v;
}

export function signatureOf(name: string, input: unknown): string {
  return `${name}:${hash53(JSON.stringify(normalize(input)) ?? 'undefined')}`;
}

/** The input as pretty JSON with its keys sorted; a string input as it is. */
export function inputText(input: unknown): string {
  if (typeof input === 'string') return input;
  return JSON.stringify(sortKeys(input), null, 2) ?? String(input);
}

/** cyrb53: a fast 53-bit string hash, as a base-36 string. Collisions are astronomically unlikely at these sizes. */
export function hash53(s: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}
