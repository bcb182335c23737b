// The check before sealing: a redacted trace passes; one with something readable left is refused, in words.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { jsonl, sdk, text, toolUse } from '../trace/testing/builders';
import { loadChecked } from '../engine/share';
import { redactForShare, redactFiles, scanFiles } from './sources';
import { ShareRefusedError, residualSecrets } from './verify';

const GHP = 'ghp_R7kq2Vx9Lm4Pz8Tn3Wb6Yc1Hd5Jf0Gs2Ue4A';
const root = path.resolve(import.meta.dirname, '..', '..');

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    return statSync(p).isDirectory() ? filesUnder(p) : /\.(jsonl|json)$/.test(name) ? [p] : [];
  });
}

describe('residualSecrets', () => {
  it('every real transcript in the repo, redacted, passes the check (no false refusal)', async () => {
    const all = [...filesUnder(path.join(root, 'test/fixtures/real')), ...filesUnder(path.join(root, 'e2e/fixtures'))];
    expect(all.length).toBeGreaterThan(10);
    for (const f of all) {
      const files = [{ path: path.relative(root, f), text: readFileSync(f, 'utf8') }];
      await expect(redactForShare(files, new Set(), loadChecked), f).resolves.toHaveLength(1);
    }
  });

  it('finds what the model rebuilds: a token cut across deltas, left in place, is reported at the Stream tab', async () => {
    const [a, b] = [GHP.slice(0, 20), GHP.slice(20)];
    const t = jsonl([
      sdk.messageStart('msg_01Residue0000000000001', {}),
      sdk.blockStart(0, text('')),
      sdk.textDelta(0, a),
      sdk.textDelta(0, b),
      sdk.messageStop(),
    ]);
    const residues = await residualSecrets([{ path: 'stream.jsonl', text: t }], [], loadChecked);
    expect(residues).toHaveLength(1);
    expect(residues[0]?.ruleId).toBe('github-token');
    expect(residues[0]?.masked).toBe('ghp_…Ue4A');
    expect(residues.map((r) => r.where).join()).toMatch(/stream\.jsonl:\d+/);
  });

  it('lets a secret the person kept through, and reads object keys the redaction does not rewrite', async () => {
    const line = jsonl([
      sdk.assistant(
        'msg_01KeptAndKey00000000001',
        [toolUse('toolu_01KeptAndKey0000000001', 'Configure', { tokens: { [GHP]: 'ci' } })],
        {},
      ),
      sdk.init(),
    ]);
    const residues = await residualSecrets([{ path: 'k.jsonl', text: line }], [], loadChecked);
    expect(residues.map((r) => r.where)).toEqual([expect.stringContaining(', as an object key')]);
    expect(await residualSecrets([{ path: 'k.jsonl', text: line }], [GHP], loadChecked)).toEqual([]);
  });
});

describe('redactForShare', () => {
  it('refuses a trace whose secret sits in an object key, with a message that says what and where, never the secret', async () => {
    const t = jsonl([
      sdk.assistant(
        'msg_01KeyRefusal0000000001',
        [text(`store it`), toolUse('toolu_01KeyRefusal00000001', 'Configure', { tokens: { [GHP]: 'ci' } })],
        {},
      ),
      sdk.init(),
    ]);
    const files = [{ path: 'keys.jsonl', text: t }];
    // The scan cannot offer it (keys are not rewritten), so redaction leaves it and the check refuses.
    expect(scanFiles(files).secrets).toBe(0);
    const refused = await redactForShare(files, new Set(), loadChecked).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(refused).toBeInstanceOf(ShareRefusedError);
    const message = refused instanceof Error ? refused.message : '';
    expect(message).toMatch(/^No link was created: after redaction, a secret is still readable/);
    expect(message).toContain('GitHub token (ghp_, gho_, ghu_, ghs_, ghr_) ghp_…Ue4A (keys.jsonl:1');
    expect(message).toContain('an object key');
    expect(message).not.toContain(GHP);
  });

  it('passes what redactFiles makes of a trace with every kind of split secret, and keeps what was kept', async () => {
    const corpus = readFileSync(new URL('./fixtures/redaction-corpus.jsonl', import.meta.url), 'utf8');
    const files = [{ path: 'corpus.jsonl', text: corpus }];
    const out = await redactForShare(files, new Set(), loadChecked);
    expect(out).toEqual(redactFiles(files, new Set()));
    const scan = scanFiles(files);
    const keep = scan.groups.flatMap((g) => g.secrets).find((s) => s.masked.startsWith('ghp_'));
    const kept = await redactForShare(files, new Set([keep?.id ?? '']), loadChecked);
    expect(kept[0]?.text).not.toBe(out[0]?.text);
  });
});
