import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadFiles } from '../trace/testing/load';
import { loadChecked } from '../engine/share';
import { allSecretIds, redactFiles, redactForShare, scanFiles } from './sources';

const corpus = readFileSync(new URL('./fixtures/redaction-corpus.jsonl', import.meta.url), 'utf8');
const ANTHROPIC =
  'sk-ant-api03-a1N-BzFs1Y4NaLYmQMig7Q0W9t5G-WGjutHqUZectw4gcRD3XhZHRW6Op6p3B-teElWZACJ0RzgJwiDCXlwHdagZtB4-_AA';

describe('scanFiles', () => {
  const files = [
    { path: 'main.jsonl', text: corpus },
    {
      path: 'subagents/agent-x.jsonl',
      text: `{"type":"user","message":{"role":"user","content":"token ghp_h7mQtdLwMePUMplU22X0WFnDFad6mK1TfIuP"}}\r\n`,
    },
  ];
  const scan = scanFiles(files);

  it('groups secrets by rule, masks them, and never shows a whole secret', () => {
    expect(scan.secrets).toBeGreaterThan(20);
    const anthropic = scan.groups.flatMap((g) => g.secrets).find((s) => s.masked.startsWith('sk-ant-api03-'));
    expect(anthropic?.count).toBeGreaterThan(1);
    expect(JSON.stringify(scan)).not.toContain(ANTHROPIC);
    expect(JSON.stringify(scan)).not.toContain('ghp_h7mQtdLwMePUMplU22X0WFnDFad6mK1TfIuP');
  });

  it('says where each occurrence is: file and line within that file', () => {
    const gh = scan.groups.flatMap((g) => g.secrets).find((s) => s.masked.startsWith('ghp_'));
    const wheres = gh?.occurrences.map((o) => o.where) ?? [];
    expect(wheres.some((w) => w.startsWith('main.jsonl:'))).toBe(true);
    expect(
      scan.groups
        .flatMap((g) => g.secrets)
        .flatMap((s) => s.occurrences)
        .map((o) => o.where),
    ).toContain('subagents/agent-x.jsonl:1');
    const firstLine = corpus.split('\n').findIndex((l) => l.includes(ANTHROPIC)) + 1;
    const anthropic = scan.groups.flatMap((g) => g.secrets).find((s) => s.masked.startsWith('sk-ant-api03-'));
    expect(anthropic?.occurrences[0]?.where).toBe(`main.jsonl:${firstLine}`);
  });
});

describe('redactFiles', () => {
  it('removes every selected secret from every file and keeps the trace: same lines, same stats, same events', async () => {
    const files = [{ path: 'trace.jsonl', text: corpus }];
    const scan = scanFiles(files);
    expect(scan.secrets).toBeGreaterThan(20);
    const out = redactFiles(files, new Set());
    const text = out[0]?.text ?? '';
    expect(text).not.toContain(ANTHROPIC);
    expect(text).toContain('[REDACTED:');
    expect(text.split('\n')).toHaveLength(corpus.split('\n').length);
    expect(scanFiles(out).secrets).toBe(0);
    const before = await loadFiles({ 'trace.jsonl': corpus });
    const after = await loadFiles({ 'trace.jsonl': text });
    expect(after.stats).toEqual(before.stats);
    expect(after.trace.events.map((e) => e.kind)).toEqual(before.trace.events.map((e) => e.kind));
    expect(after.trace.toolCalls.map((c) => c.id)).toEqual(before.trace.toolCalls.map((c) => c.id));
  });

  it('keeps a secret the person unticked, and CRLF line ends byte for byte', () => {
    const text = `{"a":"key ${ANTHROPIC}"}\r\n{"b":"ghp_h7mQtdLwMePUMplU22X0WFnDFad6mK1TfIuP"}\r\n`;
    const scan = scanFiles([{ path: 'a.jsonl', text }]);
    const keep = scan.groups.flatMap((g) => g.secrets).find((s) => s.masked.startsWith('ghp_'));
    const out = redactFiles([{ path: 'a.jsonl', text }], new Set([keep?.id ?? '']))[0]?.text ?? '';
    expect(out).toContain('ghp_h7mQtdLwMePUMplU22X0WFnDFad6mK1TfIuP');
    expect(out).not.toContain(ANTHROPIC);
    expect(out.endsWith('}\r\n')).toBe(true);
    expect(out.split('\r\n')).toHaveLength(3);
  });

  it('finds and removes user-added literals and patterns', () => {
    const text = '{"a":"the codename is BLUE-HERON-42 and ticket ACME-99812"}\n';
    const opts = { literals: ['BLUE-HERON-42'], extraPatterns: [{ label: 'ticket', pattern: 'ACME-\\d{5}' }] };
    const scan = scanFiles([{ path: 'a.jsonl', text }], opts);
    expect(scan.groups.map((g) => g.label)).toEqual(['ticket', 'Literal string']);
    expect(allSecretIds(scan)).toHaveLength(2);
    const out = redactFiles([{ path: 'a.jsonl', text }], new Set(), opts)[0]?.text ?? '';
    expect(out).toBe('{"a":"the codename is [REDACTED:literal] and ticket [REDACTED:custom-1]"}\n');
  });
});

describe('a secret in a file name', () => {
  const line = JSON.stringify({
    type: 'user',
    message: { role: 'user', content: 'Why did the deploy fail?' },
    session_id: 's',
    uuid: 'u1',
  });
  const files = [{ path: 'incidents/acme-corp-outage.jsonl', text: `${line}\n` }];
  const opts = { literals: ['acme-corp'] };

  it('is listed, masked, with where it is', () => {
    const scan = scanFiles(files, opts);
    expect(scan.secrets).toBe(1);
    const seen = scan.groups[0]?.secrets[0]?.occurrences[0];
    expect(seen?.where).toBe('the file name');
    expect(seen?.context).toMatch(/^incidents\/•+-outage\.jsonl$/);
    expect(JSON.stringify(scan)).not.toContain('acme-corp');
  });

  it('is redacted in the name the recipient sees, and the check before sealing passes', async () => {
    const out = await redactForShare(files, new Set(), loadChecked, opts);
    expect(out.map((f) => f.path)).toEqual(['incidents/[REDACTED:literal]-outage.jsonl']);
    expect(out[0]?.text).toBe(files[0]?.text);
  });

  it('stays when kept', async () => {
    const out = await redactForShare(files, new Set(allSecretIds(scanFiles(files, opts))), loadChecked, opts);
    expect(out.map((f) => f.path)).toEqual(['incidents/acme-corp-outage.jsonl']);
  });
});
