import type { JsonObject } from './common';
import type { Block } from './messages';
import { Rng } from './rng';

// Streaming deltas: a content block cut into the text, thinking and JSON fragments the API streams.

/** Splits text at spaces into chunks of minWords..maxWords words, each keeping its leading space (as the API does). */
export function* wordChunks(
  rng: Rng,
  text: string,
  minWords: number,
  maxWords: number,
): Generator<string, void, undefined> {
  let pos = 0;
  while (pos < text.length) {
    let end = pos;
    for (let n = rng.range(minWords, maxWords); n > 0 && end < text.length; n--) {
      const next = text.indexOf(' ', end + 1);
      end = next < 0 ? text.length : next;
    }
    yield text.slice(pos, end);
    pos = end;
  }
}

/** Arbitrary cuts through the serialized input, never inside a surrogate pair. */
export function* jsonChunks(rng: Rng, json: string): Generator<string, void, undefined> {
  let pos = 0;
  while (pos < json.length) {
    let end = Math.min(json.length, pos + rng.range(4, 48));
    const code = json.charCodeAt(end - 1);
    if (code >= 0xd800 && code <= 0xdbff && end < json.length) end++;
    yield json.slice(pos, end);
    pos = end;
  }
}

export function* blockDeltas(rng: Rng, b: Block): Generator<JsonObject, void, undefined> {
  if (b.type === 'text') {
    for (const text of wordChunks(rng, b.text, 1, 6)) yield { type: 'text_delta', text };
  } else if (b.type === 'thinking') {
    for (const thinking of wordChunks(rng, b.thinking, 2, 9)) yield { type: 'thinking_delta', thinking };
    yield { type: 'signature_delta', signature: b.signature };
  } else {
    yield { type: 'input_json_delta', partial_json: '' };
    for (const partial_json of jsonChunks(rng, JSON.stringify(b.input)))
      yield { type: 'input_json_delta', partial_json };
  }
}

export function emptyBlock(b: Block): JsonObject {
  if (b.type === 'text') return { type: 'text', text: '' };
  if (b.type === 'thinking') return { type: 'thinking', thinking: '', signature: '' };
  return { type: 'tool_use', id: b.id, name: b.name, input: {} };
}
