import { describe, expect, it } from 'vitest';
import { base64Size, decodeBase64, formatBytes, isBase64, pdfPages, sniffImage } from './media-bytes';

const b64 = (bytes: readonly number[]): string => btoa(String.fromCharCode(...bytes));
const bytes = (...parts: (string | readonly number[])[]): Uint8Array =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : [...p])));
const be32 = (n: number): number[] => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
const le16 = (n: number): number[] => [n & 255, (n >>> 8) & 255];
const le24 = (n: number): number[] => [n & 255, (n >>> 8) & 255, (n >>> 16) & 255];

const png = (w: number, h: number): Uint8Array =>
  bytes([0x89], 'PNG\r\n', [0x1a, 0x0a], be32(13), 'IHDR', be32(w), be32(h), [8, 6, 0, 0, 0]);

describe('base64', () => {
  it('decodes what btoa encoded, and its size is known without decoding', () => {
    for (const len of [0, 1, 2, 3, 4, 5, 200]) {
      const data = Array.from({ length: len }, (_, i) => (i * 37) & 255);
      const s = b64(data);
      expect(isBase64(s)).toBe(true);
      expect(base64Size(s)).toBe(len);
      expect([...(decodeBase64(s) ?? [])]).toEqual(data);
    }
  });
  it('decodes only the head when asked', () => {
    expect([...(decodeBase64(b64([1, 2, 3, 4, 5, 6]), 4) ?? [])]).toEqual([1, 2, 3, 4]);
  });
  it('refuses what is not base64', () => {
    expect(isBase64('<svg onload=alert(1)>')).toBe(false);
    expect(isBase64('abc')).toBe(true);
    expect(isBase64('a')).toBe(false);
    expect(decodeBase64('ab$c')).toBeUndefined();
  });
});

describe('sniffImage', () => {
  it('reads a PNG size from its IHDR', () => {
    expect(sniffImage(png(1280, 800))).toEqual({ mediaType: 'image/png', width: 1280, height: 800 });
  });
  it('reads a GIF size', () => {
    expect(sniffImage(bytes('GIF89a', le16(640), le16(480), [0, 0, 0]))).toEqual({
      mediaType: 'image/gif',
      width: 640,
      height: 480,
    });
  });
  it('reads a JPEG size from its start-of-frame, after APP segments', () => {
    const app0 = [0xff, 0xe0, 0, 16, ...'JFIF\0'.split('').map((c) => c.charCodeAt(0)), 1, 1, 0, 0, 1, 0, 1, 0, 0];
    const sof0 = [0xff, 0xc0, 0, 17, 8, ...[0x03, 0x20], ...[0x05, 0x00], 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1];
    expect(sniffImage(Uint8Array.from([0xff, 0xd8, ...app0, ...sof0]))).toEqual({
      mediaType: 'image/jpeg',
      width: 1280,
      height: 800,
    });
  });
  it('reads WebP sizes (lossy, lossless, extended)', () => {
    const riff = (chunk: string, body: readonly number[]): Uint8Array =>
      bytes('RIFF', [0, 0, 0, 0], 'WEBP', chunk, [0, 0, 0, 0], body);
    expect(sniffImage(riff('VP8 ', [0, 0, 0, 0x9d, 0x01, 0x2a, ...le16(1024), ...le16(768)]))).toEqual({
      mediaType: 'image/webp',
      width: 1024,
      height: 768,
    });
    // VP8L: signature 0x2f, then 14 bits width-1 and 14 bits height-1.
    const w = 400 - 1;
    const h = 300 - 1;
    const bits = w | (h << 14);
    expect(
      sniffImage(riff('VP8L', [0x2f, bits & 255, (bits >>> 8) & 255, (bits >>> 16) & 255, (bits >>> 24) & 255])),
    ).toEqual({
      mediaType: 'image/webp',
      width: 400,
      height: 300,
    });
    expect(sniffImage(riff('VP8X', [0, 0, 0, 0, ...le24(1919), ...le24(1079)]))).toEqual({
      mediaType: 'image/webp',
      width: 1920,
      height: 1080,
    });
  });
  it('knows nothing else: SVG, PDF, text', () => {
    expect(sniffImage(bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeUndefined();
    expect(sniffImage(bytes('%PDF-1.7'))).toBeUndefined();
    expect(sniffImage(new Uint8Array())).toBeUndefined();
  });
  it('a truncated PNG is a PNG of unknown size', () => {
    expect(sniffImage(png(10, 10).slice(0, 12))).toEqual({ mediaType: 'image/png' });
  });
});

describe('pdfPages', () => {
  it('counts the page tree, else the page objects', () => {
    expect(pdfPages(bytes('%PDF-1.4\n1 0 obj << /Type /Pages /Kids [3 0 R 4 0 R] /Count 2 >> endobj'))).toBe(2);
    expect(pdfPages(bytes('%PDF-1.4\n3 0 obj << /Type /Page >> 4 0 obj <</Type/Page>> 5 0 obj <</Type/Page>>'))).toBe(
      3,
    );
    expect(pdfPages(bytes('%PDF-1.5\n(compressed object streams)'))).toBeUndefined();
    expect(pdfPages(bytes('not a pdf /Type /Page'))).toBeUndefined();
  });
});

it('formatBytes uses binary multiples', () => {
  expect(formatBytes(812)).toBe('812 B');
  expect(formatBytes(453_131)).toBe('443 KB');
  expect(formatBytes(1_258_291)).toBe('1.2 MB');
});
