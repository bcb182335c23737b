/**
 * A Claude Code session in which an MCP tool takes a screenshot `count` times (Playwright MCP's
 * `browser_take_screenshot`): each result holds a distinct 1280x800 PNG twice, in the tool_result's content and in
 * `toolUseResult`, the shape Claude Code 2.1.11 wrote in a public recording studied for it (not kept in this
 * repository; test/fixtures/made/images/README.md describes it). For the image heap measure (bench/media-heap.ts).
 * Its PNG writer, `encodePng`, also makes the images of the made fixtures in test/fixtures/made/images.
 */
import { deflateSync } from 'node:zlib';

const CRC = new Uint32Array(256).map((_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(b: Uint8Array): number {
  let c = 0xffffffff;
  for (const x of b) c = (CRC[(c ^ x) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * A `w`x`h` 8-bit RGB PNG of `raw`: `h` scanlines, each a filter byte (0, none) then `w` RGB triples. The same pixels
 * give the same bytes (one zlib deflate at its default level).
 */
export function encodePng(w: number, h: number, raw: Buffer): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A `w`x`h` RGB PNG: a flat page with a block of noise (a screenshot's busy part) where `seed` puts it. */
export function screenshotPng(w: number, h: number, seed: number): Buffer {
  const raw = Buffer.alloc((w * 3 + 1) * h, 0xf4);
  let s = seed * 2654435761;
  const bx = (seed * 97) % (w - 160);
  const by = (seed * 53) % (h - 120);
  for (let y = 0; y < h; y++) {
    raw[y * (w * 3 + 1)] = 0; // filter: none
    if (y < by || y >= by + 120) continue;
    for (let x = bx; x < bx + 160; x++) {
      s = (s * 1103515245 + 12345) >>> 0;
      const o = y * (w * 3 + 1) + 1 + x * 3;
      raw[o] = s & 0xff;
      raw[o + 1] = (s >>> 8) & 0xff;
      raw[o + 2] = (s >>> 16) & 0xff;
    }
  }
  return encodePng(w, h, raw);
}

/** The session's lines (without the trailing newline of each). */
export function* screenshotSession(count: number): Generator<string> {
  const session = '5c2d7a1e-0000-4000-8000-00000000a500';
  const t0 = Date.UTC(2026, 10, 30, 9, 0, 0);
  const env = (i: number, uuid: string, parent: string | null) => ({
    parentUuid: parent,
    isSidechain: false,
    userType: 'external',
    cwd: '/home/dev/shop',
    sessionId: session,
    version: '2.1.11',
    gitBranch: 'main',
    uuid,
    timestamp: new Date(t0 + i * 4000).toISOString(),
  });
  let parent: string | null = null;
  const prompt = `p-${session}`;
  yield JSON.stringify({
    ...env(0, prompt, null),
    type: 'user',
    message: { role: 'user', content: 'Check every page of the shop in the browser.' },
  });
  parent = prompt;
  for (let i = 0; i < count; i++) {
    const id = `toolu_${String(i).padStart(24, '0')}`;
    const a = `a-${i}`;
    const r = `r-${i}`;
    yield JSON.stringify({
      ...env(2 * i + 1, a, parent),
      type: 'assistant',
      requestId: `req_${i}`,
      message: {
        model: 'claude-opus-4-5-20251101',
        id: `msg_${i}`,
        type: 'message',
        role: 'assistant',
        content: [
          {
            type: 'tool_use',
            id,
            name: 'mcp__plugin_playwright_playwright__browser_take_screenshot',
            input: { type: 'png', filename: `page-${i}.png` },
          },
        ],
        stop_reason: null,
        stop_sequence: null,
        usage: {
          input_tokens: 8,
          cache_creation_input_tokens: 400,
          cache_read_input_tokens: 29_000 + i * 1600,
          output_tokens: 60,
        },
      },
    });
    const data = screenshotPng(1280, 800, i + 1).toString('base64');
    const text = `### Result\n- [Screenshot of viewport](.playwright-mcp/page-${i}.png)`;
    const blocks = [
      { type: 'text', text },
      { type: 'image', source: { data, media_type: 'image/png', type: 'base64' } },
    ];
    yield JSON.stringify({
      ...env(2 * i + 2, r, a),
      type: 'user',
      message: { role: 'user', content: [{ tool_use_id: id, type: 'tool_result', content: blocks }] },
      toolUseResult: blocks,
      sourceToolAssistantUUID: a,
    });
    parent = r;
  }
}
