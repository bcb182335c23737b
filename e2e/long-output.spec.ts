import { expect, test } from '@playwright/test';
import { Loupe } from './pages/Loupe';

// A tool output longer than what the model keeps is cut before the worker parses its line (lib/fast/clip.ts): the
// details show its first characters and its whole length, and Show all reads the line again for the rest.

const lines = Array.from({ length: 900 }, (_, i) => `${String(i + 1).padStart(6)}→const value${i} = "é ${i}";`);
const text = `${lines.join('\n')}\nEND-OF-FILE-MARKER`;
const at = '2026-03-01T10:00:00.000Z';
const env = {
  sessionId: 's1',
  cwd: '/repo',
  version: '2.1.30',
  timestamp: at,
  isSidechain: false,
  userType: 'external',
};
const session = [
  { ...env, type: 'user', uuid: 'u1', parentUuid: null, message: { role: 'user', content: 'Look at big.ts' } },
  {
    ...env,
    type: 'assistant',
    uuid: 'a1',
    parentUuid: 'u1',
    requestId: 'req_1',
    message: {
      id: 'msg_1',
      role: 'assistant',
      model: 'claude-sonnet-4-5-20250929',
      content: [{ type: 'tool_use', id: 'toolu_1', name: 'Read', input: { file_path: '/repo/big.ts' } }],
      stop_reason: 'tool_use',
      usage: { input_tokens: 10, output_tokens: 5 },
    },
  },
  {
    ...env,
    type: 'user',
    uuid: 'u2',
    parentUuid: 'a1',
    message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: text }] },
    toolUseResult: { type: 'text', file: { filePath: '/repo/big.ts', content: text, numLines: 901, startLine: 1 } },
  },
];

test('a long tool output: its first characters, its whole length, and all of it on Show all', async ({ page }) => {
  const app = new Loupe(page);
  await app.home();
  await page.getByLabel('Choose files').setInputFiles({
    name: 'long-output.jsonl',
    mimeType: 'application/x-ndjson',
    buffer: Buffer.from(session.map((l) => JSON.stringify(l)).join('\n')),
  });
  await app.waitForWorkbench();
  await app.pick('kind:tool-result', /^tool result: /);
  await app.tab('Message').click();
  await expect(app.detailsPanel).toContainText('const value0 = "é 0";');
  await expect(app.detailsPanel).not.toContainText('END-OF-FILE-MARKER');
  const all = app.detailsPanel.getByRole('button', {
    name: `Show all (${text.length.toLocaleString('en-US')} characters)`,
  });
  await all.click();
  await expect(app.detailsPanel).toContainText('END-OF-FILE-MARKER');
});
