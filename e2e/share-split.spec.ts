import { expect, test, type Page } from '@playwright/test';
import { Loupe } from './pages/Loupe';

// Secrets that arrive in pieces: a GitHub token in eight text_deltas, a database password cut across the tool input's
// input_json_delta pieces, and a Hugging Face token cut between two assistant lines of one message. The recipient of
// the shared link reads every row's Message, Stream and Raw tabs: no piece of any secret is there.
// All secrets are fake: random-looking strings, never real credentials.

const GHP = 'ghp_R7kq2Vx9Lm4Pz8Tn3Wb6Yc1Hd5Jf0Gs2Ue4A';
const PW = 'Vq8nTz4Lp2Xk9Rw7';
const HF = 'hf_Qm3Zt8Lp1Xv6Nr4Kd9Wb2Yc7Hs5Jf0GaPe';
const SESSION = '5f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f';
const NAME = 'split-secrets.jsonl';

let uuidN = 0;
const uuid = (): string => `0a1b2c3d-0000-4000-8000-${String(++uuidN).padStart(12, '0')}`;
const env = () => ({ session_id: SESSION, parent_tool_use_id: null, uuid: uuid() });
const ev = (event: object) => ({ type: 'stream_event', event, ...env() });

/** `s` cut into `n` pieces of nearly equal length. */
function cut(s: string, n: number): string[] {
  return Array.from({ length: n }, (_, i) =>
    s.slice(Math.floor((i * s.length) / n), Math.floor(((i + 1) * s.length) / n)),
  );
}

const TOKEN_PIECES = cut(GHP, 8);
const input = { command: `mysql -u app -p${PW} -h db.internal acme -e 'select 1'`, description: 'Check the DB' };
const inputJson = JSON.stringify(input);
// Three cuts inside the password: its pieces are in three input_json_delta lines.
const at = inputJson.indexOf(PW);
const INPUT_PIECES = [
  inputJson.slice(0, at + 5),
  inputJson.slice(at + 5, at + 11),
  inputJson.slice(at + 11, at + 30),
  inputJson.slice(at + 30),
];
const HF_PIECES = cut(HF, 2);
const text = `I'll mirror with ${GHP} and check the DB.`;
const model = 'claude-sonnet-4-5-20250929';

const LINES: object[] = [
  { type: 'system', subtype: 'init', cwd: '/work/mirror', model, tools: ['Bash'], permissionMode: 'default', ...env() },
  { type: 'user', message: { role: 'user', content: 'Mirror the repo, then check the database.' }, ...env() },
  ev({
    type: 'message_start',
    message: {
      id: 'msg_01SplitE2e0000000000001',
      type: 'message',
      role: 'assistant',
      model,
      content: [],
      stop_reason: null,
      usage: { input_tokens: 120, output_tokens: 1 },
    },
  }),
  ev({ type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } }),
  ...["I'll mirror with ", ...TOKEN_PIECES, ' and check the DB.'].map((t) =>
    ev({ type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: t } }),
  ),
  ev({ type: 'content_block_stop', index: 0 }),
  ev({
    type: 'content_block_start',
    index: 1,
    content_block: { type: 'tool_use', id: 'toolu_01SplitE2e000000000001', name: 'Bash', input: {} },
  }),
  ...INPUT_PIECES.map((p) =>
    ev({ type: 'content_block_delta', index: 1, delta: { type: 'input_json_delta', partial_json: p } }),
  ),
  ev({ type: 'content_block_stop', index: 1 }),
  ev({ type: 'message_delta', delta: { stop_reason: 'tool_use', stop_sequence: null }, usage: { output_tokens: 88 } }),
  ev({ type: 'message_stop' }),
  {
    type: 'assistant',
    message: {
      id: 'msg_01SplitE2e0000000000001',
      type: 'message',
      role: 'assistant',
      model,
      content: [
        { type: 'text', text },
        { type: 'tool_use', id: 'toolu_01SplitE2e000000000001', name: 'Bash', input },
      ],
      stop_reason: 'tool_use',
      stop_sequence: null,
      usage: { input_tokens: 120, output_tokens: 88 },
    },
    ...env(),
  },
  {
    type: 'user',
    message: {
      role: 'user',
      content: [{ type: 'tool_result', tool_use_id: 'toolu_01SplitE2e000000000001', content: '1\n1', is_error: false }],
    },
    ...env(),
  },
  // One message, written as two lines (one per content block): the token is cut between them.
  ...[`For the model hub, use ${HF_PIECES[0] ?? ''}`, `${HF_PIECES[1] ?? ''} (read only).`].map((t) => ({
    type: 'assistant',
    message: {
      id: 'msg_01SplitE2e0000000000002',
      type: 'message',
      role: 'assistant',
      model,
      content: [{ type: 'text', text: t }],
      stop_reason: null,
      stop_sequence: null,
      usage: { input_tokens: 130, output_tokens: 40 },
    },
    ...env(),
  })),
  {
    type: 'result',
    subtype: 'success',
    is_error: false,
    duration_ms: 5200,
    duration_api_ms: 4100,
    num_turns: 2,
    total_cost_usd: 0.0093,
    result: 'done',
    usage: { input_tokens: 250, output_tokens: 128 },
    ...env(),
  },
];
const TRACE = LINES.map((l) => JSON.stringify(l)).join('\n') + '\n';

/** Every piece of every secret, as cut, and each secret whole. */
const PIECES = [GHP, PW, HF, ...TOKEN_PIECES, ...HF_PIECES, PW.slice(0, 5), PW.slice(5, 11), PW.slice(11)];

function expectClean(what: string, text: string): void {
  for (const p of PIECES) expect(text.includes(p), `${what} shows ${p}`).toBe(false);
}

/** Visits every event row (stream events unfolded) under one tab and checks what the details pane shows for it. */
async function checkEveryRow(page: Page, app: Loupe, tab: 'Message' | 'Stream' | 'Raw'): Promise<number> {
  // Header rows (response, model call) show the details of an event that has its own row.
  const options = app.events.locator('[role=option][data-kind=event]');
  const count = await options.count();
  const header = page.getByText(new RegExp(`^${NAME.replace('.', '\\.')}:\\d+ · main$`));
  let streamTabs = 0;
  for (let i = 0; i < count; i++) {
    const option = options.nth(i);
    await option.click();
    await expect(option).toHaveAttribute('aria-selected', 'true');
    // One file, one event per line: the event with seq n is line n + 1. Wait for the pane to show this row.
    const seq = Number(await option.getAttribute('data-seq'));
    await expect(header).toHaveText(`${NAME}:${seq + 1} · main`);
    const t = app.tab(tab);
    if ((await t.getAttribute('aria-disabled')) !== 'true' && !(await t.isDisabled())) {
      await t.click();
      if (tab === 'Raw')
        await expect(app.detailsPanel.getByTestId('raw-location')).toContainText(`${NAME}:${seq + 1} `);
      if (tab === 'Stream') {
        await expect(app.detailsPanel.getByTestId('stream-verdict')).toBeVisible();
        streamTabs++;
      }
    }
    expectClean(`${tab} tab of row ${i} (${await option.innerText()})`, await app.detailsPanel.innerText());
  }
  return tab === 'Stream' ? streamTabs : count;
}

test('share: secrets split across stream deltas and two lines are redacted in every piece; the recipient sees none', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const ctxA = await browser.newContext({ baseURL });
  const a = await ctxA.newPage();
  const appA = new Loupe(a);
  await appA.home();
  await a
    .getByLabel('Choose files')
    .setInputFiles({ name: NAME, mimeType: 'application/x-ndjson', buffer: Buffer.from(TRACE) });
  await appA.waitForWorkbench();
  await a.getByRole('button', { name: 'Share…' }).click();
  const dialog = a.getByRole('dialog', { name: 'Share trace' });
  const list = dialog.getByRole('list', { name: 'Redactions' });
  await expect(list.getByRole('listitem', { name: /^GitHub token/ })).toContainText('ghp_…Ue4A');
  await expect(list.getByRole('listitem', { name: /^Hugging Face/ })).toContainText('hf_…GaPe');
  await expect(list.getByRole('listitem', { name: /command-line flag/ })).toContainText('Vq…w7');
  // Where the pieces are: a range of lines.
  await expect(list.getByRole('listitem', { name: /^GitHub token/ })).toContainText(`${NAME}:6-13`);
  await expect(dialog.getByRole('status')).toContainText('3 will be redacted');
  await dialog.getByRole('button', { name: 'Create link' }).click();
  const link = await dialog.getByRole('textbox', { name: 'Link to share' }).inputValue();
  const cost = await appA.computedCost.textContent();

  const ctxB = await browser.newContext({ baseURL, viewport: { width: 1280, height: 2000 } });
  const b = await ctxB.newPage();
  const appB = new Loupe(b);
  await b.goto(link);
  await appB.waitForWorkbench();
  // The stats are the sender's: redaction changed text only.
  await expect(appB.computedCost).toHaveText(cost ?? '');
  await appB.showAll();
  // One fold at a time, each waited for: a second click before the list redraws would fold it again.
  const unfold = appB.events.getByRole('button', { name: /^Unfold \d+ stream events/ });
  for (let n = await unfold.count(); n > 0; n--) {
    await unfold.first().click();
    await expect(unfold).toHaveCount(n - 1);
  }
  // Every line is an event row.
  // (Waited for: the rows arrive from the worker a moment after the list is drawn.)
  await expect(appB.events.locator('[role=option][data-kind=event]')).toHaveCount(LINES.length);
  const rows = LINES.length;

  // What the Stream tab rebuilds from the deltas: the placeholder, and a match with the completed message.
  await appB
    .option(/I'll mirror with \[REDACTED:github-token\]/)
    .first()
    .click();
  await appB.tab('Stream').click();
  await expect(appB.detailsPanel.getByTestId('stream-verdict')).toHaveText('match');
  await expect(appB.detailsPanel.getByLabel('block 0 rebuilt')).toHaveText(
    "I'll mirror with [REDACTED:github-token] and check the DB.",
  );
  await expect(appB.detailsPanel.getByLabel('block 1 rebuilt')).toContainText(
    '-p[REDACTED:cli-secret-flag] -h db.internal',
  );

  expect(await checkEveryRow(b, appB, 'Message')).toBe(rows);
  expect(await checkEveryRow(b, appB, 'Stream')).toBeGreaterThan(0);
  expect(await checkEveryRow(b, appB, 'Raw')).toBe(rows);
  expectClean('the page', await b.content());
  await ctxA.close();
  await ctxB.close();
});

test('share: a trace that still shows a secret after redaction is refused, and the dialog says what and where', async ({
  page,
}) => {
  // A token used as an object key: the redaction rewrites string values, never keys; the check before sealing reads both.
  const line = {
    type: 'assistant',
    message: {
      id: 'msg_01KeyRefusal0000000001',
      type: 'message',
      role: 'assistant',
      model,
      content: [
        { type: 'tool_use', id: 'toolu_01KeyRefusal00000001', name: 'Configure', input: { tokens: { [GHP]: 'ci' } } },
      ],
      stop_reason: 'tool_use',
      usage: { input_tokens: 5, output_tokens: 9 },
    },
    ...env(),
  };
  const app = new Loupe(page);
  await app.home();
  await page.getByLabel('Choose files').setInputFiles({
    name: 'key.jsonl',
    mimeType: 'application/x-ndjson',
    // An init frame first: one frame type alone does not make a file an SDK stream.
    buffer: Buffer.from(
      [{ type: 'system', subtype: 'init', cwd: '/work', model, tools: [], ...env() }, line]
        .map((l) => JSON.stringify(l) + '\n')
        .join(''),
    ),
  });
  await app.waitForWorkbench();
  const uploads: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/traces')) uploads.push(r.method());
  });
  await page.getByRole('button', { name: 'Share…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share trace' });
  await dialog.getByRole('button', { name: 'Create link' }).click();
  const alert = dialog.getByRole('alert');
  await expect(alert).toContainText('No link was created: after redaction, a secret is still readable');
  await expect(alert).toContainText('ghp_…Ue4A (key.jsonl:2');
  await expect(alert).toContainText('as an object key). Loupe does not rewrite object keys: remove it from the file');
  await expect(alert).not.toContainText(GHP);
  await expect(dialog.getByRole('textbox', { name: 'Link to share' })).toBeHidden();
  expect(uploads).toEqual([]);
});
