import { expect, test } from '@playwright/test';
import { createServer, type Server } from 'node:http';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { FIXTURES, Loupe } from './pages/Loupe';
import { generated } from './helpers/generated';

test("a picked file's viewer is drawn after the pick's event, not inside it (no long task on a slow machine)", async ({
  page,
}) => {
  const app = new Loupe(page);
  await app.home();
  // Told at the end of the change event's dispatch (a listener on the window runs after React's on its root): a
  // viewer rendered inside the event (the 60-70 ms task this machine measured) is in the page by then.
  await page.evaluate(() => {
    const w = window as unknown as { __viewerInEvent?: boolean };
    window.addEventListener('change', () => {
      w.__viewerInEvent = document.querySelector('[role=listbox][aria-label=Events]') !== null;
    });
  });
  await page.getByLabel('Choose files').setInputFiles(path.join(FIXTURES, 'claude-p.jsonl'));
  await app.waitForWorkbench();
  await expect(page).toHaveURL(/\/view\?local=/);
  expect(await page.evaluate(() => (window as unknown as { __viewerInEvent?: boolean }).__viewerInEvent)).toBe(false);
});

test("a picked file's address changes once its first rows are on screen, not before", async ({ page }) => {
  const app = new Loupe(page);
  // Whether the events list had rows when the page first took the viewer's address (the router then works on the main
  // thread, which the first rows waited for when it came first).
  await page.addInitScript(() => {
    const w = window as unknown as { __rowsAtPush?: boolean };
    const push = window.history.pushState.bind(window.history);
    window.history.pushState = (data: unknown, unused: string, url?: string | URL | null) => {
      if (w.__rowsAtPush === undefined && String(url ?? '').startsWith('/view?local='))
        w.__rowsAtPush = document.querySelector('[role=listbox][aria-label=Events] [role=option]') !== null;
      push(data, unused, url);
    };
  });
  await app.home();
  await page.getByLabel('Choose files').setInputFiles(path.join(FIXTURES, 'claude-p.jsonl'));
  await expect(page).toHaveURL(/\/view\?local=/);
  expect(await page.evaluate(() => (window as unknown as { __rowsAtPush?: boolean }).__rowsAtPush)).toBe(true);
  await app.waitForWorkbench();
  await page.reload();
  await app.waitForWorkbench();
  await expect(page.getByLabel('Model calls')).toHaveText('10 model calls');
});

test('drop one file: the events, the cost and the denied calls of a real headless session', async ({ page }) => {
  const app = new Loupe(page);
  await app.home();
  await app.drop([{ name: 'claude-p.jsonl', path: path.join(FIXTURES, 'claude-p.jsonl') }]);
  await expect(page).toHaveURL(/\/view\?local=/);
  await app.waitForWorkbench();
  // Independent stats for this file: $0.169721 computed, 10 model calls, 6 denied tool calls.
  await expect(app.computedCost).toHaveText('$0.17');
  await expect(page.getByLabel('Model calls')).toHaveText('10 model calls');
  // Its first line (17:13:37.849) to its last (17:14:19.984), and the toolbar says what it spans.
  await expect(page.getByLabel('Duration', { exact: true })).toHaveText('42.1 s');
  await expect(page.getByLabel('Duration', { exact: true })).toHaveAttribute(
    'title',
    /first to the last timestamped line/,
  );
  await expect(app.events.getByRole('option').filter({ hasText: 'requires approval' }).first()).toBeVisible();
  await app.setFilter('decision:deny');
  // Each denied call shows its request and its result, the Read refused with "requested permissions to read" too.
  await expect(app.events.locator('[data-kind=event]')).toHaveCount(12);
  await expect(app.option(/Read\(~\/\.claude\/CLAUDE\.md\)/)).toBeVisible();
  // The viewer opened in place; back returns to the home page, forward and reload bring the trace back.
  await page.goBack();
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('region', { name: 'Drop zone' })).toBeVisible();
  await page.goForward();
  await app.waitForWorkbench();
  await expect(app.computedCost).toHaveText('$0.17');
  await page.reload();
  await app.waitForWorkbench();
  await expect(page.getByLabel('Model calls')).toHaveText('10 model calls');
});

test('drop a project folder: the subagent file is a lane under the Task call that spawned it', async ({ page }) => {
  const app = new Loupe(page);
  await app.home();
  await page.getByLabel('Choose a folder').setInputFiles(path.join(FIXTURES, 'project'));
  await app.waitForWorkbench();
  await app.setFilter('agent:c8d9b115');
  const lane = app.option(/subagent: Explore · Explore ZIP processing implementation/);
  await expect(lane).toBeVisible();
  // The lane sits under the Task call's line, one level in.
  await expect(app.events.locator('[data-kind=event]').first()).toContainText('explore the deep-manifest codebase');
  await expect(page.getByRole('combobox', { name: 'Agent' }).locator('option')).toHaveText([
    'All agents (2)',
    'main',
    'Explore · Explore ZIP processing implementation',
  ]);
  // $6.144627 + $0.069359, computed independently.
  await expect(app.computedCost).toHaveText('$6.21');
});

test('paste JSONL text', async ({ page }) => {
  const app = new Loupe(page);
  await app.home();
  const lines = [
    {
      type: 'system',
      subtype: 'init',
      session_id: 's1',
      uuid: 'a',
      model: 'claude-haiku-4-5-20251001',
      cwd: '/x',
      tools: [],
    },
    {
      type: 'assistant',
      session_id: 's1',
      uuid: 'b',
      parent_tool_use_id: null,
      message: {
        id: 'msg_p',
        model: 'claude-haiku-4-5-20251001',
        role: 'assistant',
        content: [{ type: 'text', text: 'pasted hello' }],
        usage: { input_tokens: 1000, output_tokens: 100 },
      },
    },
    {
      type: 'result',
      subtype: 'success',
      is_error: false,
      session_id: 's1',
      uuid: 'c',
      total_cost_usd: 0.0015,
      num_turns: 1,
    },
  ];
  await page.getByLabel('Paste JSONL').fill(lines.map((l) => JSON.stringify(l)).join('\n'));
  await page.getByRole('button', { name: 'Open pasted text' }).click();
  await app.waitForWorkbench();
  await expect(app.option(/pasted hello/)).toBeVisible();
  // 1000 × $1 + 100 × $5 per million = $0.0015: under a cent, so more digits.
  await expect(app.computedCost).toHaveText('$0.0015');
  await expect(page.getByLabel('Reported cost')).toHaveText('$0.0015');
});

test('a pasted JSON document opens as pasted.json, and Ctrl+Enter opens it as the button does', async ({ page }) => {
  const app = new Loupe(page);
  await app.home();
  const box = page.getByLabel('Paste JSONL');
  await expect(page.getByText('or Ctrl+Enter (⌘+Enter on a Mac)')).toBeVisible();
  // An Agent SDK recording: one object, pretty-printed over many lines.
  await box.fill(
    readFileSync(
      path.join(import.meta.dirname, '../test/fixtures/real/open-harness/golden/structured-output.json'),
      'utf8',
    ),
  );
  await box.press('Control+Enter');
  await app.waitForWorkbench();
  // The recording's own prompt names its session, after what it was opened as.
  await expect(page).toHaveTitle(/^pasted\.json · Extract the person's name and age from this text: .* · Loupe$/);
  await expect(app.option(/John Smith/).first()).toBeVisible();
  // Lines of JSON stay pasted.jsonl.
  await app.home();
  await box.fill(
    `${JSON.stringify({ type: 'user', uuid: 'u1', sessionId: 's1', message: { role: 'user', content: 'one line' } })}\n`,
  );
  await box.press('Control+Enter');
  await app.waitForWorkbench();
  // Named as the library names a session: what it was opened as, then its first prompt.
  await expect(page).toHaveTitle('pasted.jsonl · one line · Loupe');
});

test.describe('?src= URLs', () => {
  let server: Server;
  let base = '';
  test.beforeAll(async () => {
    const body = readFileSync(path.join(FIXTURES, 'claude-p.jsonl'));
    let flaky = 0;
    server = createServer((req, res) => {
      // Down at the first request, up from the second (a server restarting, a network that comes back).
      if (req.url === '/flaky/session.jsonl' && flaky++ === 0)
        res.writeHead(503, { 'access-control-allow-origin': '*' }).end('busy');
      else if (req.url === '/cors/session.jsonl' || req.url === '/flaky/session.jsonl')
        res.writeHead(200, { 'content-type': 'application/x-ndjson', 'access-control-allow-origin': '*' }).end(body);
      else if (req.url === '/nocors/session.jsonl')
        res.writeHead(200, { 'content-type': 'application/x-ndjson' }).end(body);
      else if (req.url === '/cors/shot.png')
        res
          .writeHead(200, { 'content-type': 'image/png', 'access-control-allow-origin': '*' })
          .end(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]));
      else res.writeHead(404, { 'access-control-allow-origin': '*' }).end('no');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const addr = server.address();
    base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  });
  test.afterAll(() => new Promise<void>((r) => server.close(() => r())));

  test('loads a CORS-enabled URL', async ({ page }) => {
    const app = new Loupe(page);
    await page.goto(`/view?src=${encodeURIComponent(`${base}/cors/session.jsonl`)}`);
    await app.waitForWorkbench();
    await expect(app.computedCost).toHaveText('$0.17');
  });

  test('says a link to an image is not a transcript, as a dropped one would', async ({ page }) => {
    const app = new Loupe(page);
    await page.goto(`/view?src=${encodeURIComponent(`${base}/cors/shot.png`)}`);
    await expect(app.alert).toContainText('shot.png is a PNG image, not a transcript.');
    await expect(app.alert).toContainText('Loupe reads Claude Code session files');
  });

  test('explains a URL that does not allow cross-origin reads', async ({ page }) => {
    const app = new Loupe(page);
    await page.goto(`/view?src=${encodeURIComponent(`${base}/nocors/session.jsonl`)}`);
    await expect(app.alert).toContainText('does not allow cross-origin reads (CORS)');
    await expect(app.alert).toContainText('download the file and drop it here');
  });

  test('a relative URL is read against the page, not against the worker script', async ({ page }) => {
    const app = new Loupe(page);
    const fetched: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.endsWith('short.jsonl')) fetched.push(new URL(r.url()).pathname);
    });
    // /view?src=samples/… → /samples/… (the worker's own URL is under /_next/static/).
    await page.goto('/view?src=samples/short/short.jsonl');
    await app.waitForWorkbench();
    expect(fetched).toEqual(['/samples/short/short.jsonl']);
  });

  test('a failed fetch offers to try again, and trying again opens the trace', async ({ page }) => {
    const app = new Loupe(page);
    await page.goto(`/view?src=${encodeURIComponent(`${base}/flaky/session.jsonl`)}`);
    await expect(app.alert).toContainText('503');
    await page.getByRole('button', { name: 'Try again' }).click();
    await app.waitForWorkbench();
    await expect(app.computedCost).toHaveText('$0.17');
  });

  test('explains a missing file', async ({ page }) => {
    const app = new Loupe(page);
    await page.goto(`/view?src=${encodeURIComponent(`${base}/cors/missing.jsonl`)}`);
    await expect(app.alert).toContainText('answered 404');
    // The same answer would come again: nothing offers to try.
    await expect(page.getByRole('link', { name: 'Back to the home page' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
  });
});

test('wrong input gets a clear message, never a blank page', async ({ page }) => {
  const app = new Loupe(page);
  await app.home();
  const input = page.getByLabel('Choose files');
  await input.setInputFiles(path.join(FIXTURES, 'image.png'));
  await expect(app.alert).toContainText('image.png is a PNG image, not a transcript');
  await input.setInputFiles(path.join(FIXTURES, 'people.csv'));
  await expect(app.alert).toContainText('people.csv does not look like JSONL');
  await input.setInputFiles(path.join(FIXTURES, 'empty.jsonl'));
  await expect(app.alert).toContainText('empty.jsonl is empty');
  await expect(page).toHaveURL(/\/$/);
  // A single file starts parsing while it is checked; each refused one stopped its parse, and the next file loads.
  await input.setInputFiles(path.join(FIXTURES, 'claude-p.jsonl'));
  await app.waitForWorkbench();
  await expect(app.computedCost).toHaveText('$0.17');
});

test('the first rows of a big file are drawn as the worker sends them, while it loads, without asking it', async ({
  page,
}, info) => {
  test.setTimeout(120_000);
  const file = await generated(info, 'claude-code', 30_000_000, 5);
  // Counts the page's questions to the trace worker, and what was asked and shown when the first row appeared.
  await page.addInitScript(`(() => {
    const asked = [];
    window.__asked = asked;
    const post = Worker.prototype.postMessage;
    Worker.prototype.postMessage = function (m, ...rest) {
      if (m && typeof m.method === 'string') asked.push(m.method);
      return post.call(this, m, ...rest);
    };
    new MutationObserver(() => {
      if (window.__first) return;
      const row = document.querySelector('[role=listbox][aria-label=Events] [role=option]');
      if (row) window.__first = { asked: [...asked], loading: !!document.querySelector('[aria-label=Parsing]'), text: row.textContent };
    }).observe(document, { childList: true, subtree: true });
  })()`);
  const app = new Loupe(page);
  await app.home();
  await app.openFile(file);
  await expect.poll(() => page.evaluate('window.__first')).toBeTruthy();
  const first = (await page.evaluate('window.__first')) as { asked: string[]; loading: boolean; text: string };
  // Drawn while the progress bar still showed, after the load and no question for rows. (The sticky header may ask
  // which header is above in the same task as the rows are drawn: that question is not waited for.)
  expect(first.loading).toBe(true);
  expect(first.asked[0]).toBe('load');
  expect(first.asked.filter((m) => m === 'rows')).toEqual([]);
  expect(first.text).not.toBe('');
  await app.waitForWorkbench();
});

test('rows scrolled to while a big file loads are drawn while it loads, past the rows sent with its progress', async ({
  page,
}, info) => {
  test.setTimeout(120_000);
  const file = await generated(info, 'sdk-stream', 60_000_000, 9);
  const app = new Loupe(page);
  await app.home();
  await page.getByLabel('Choose files').setInputFiles(file);
  // Loading, with a few thousand rows in the list. Looked at every frame: a poll's growing intervals (up to a second)
  // could come only as the load ends, and say nothing of whether the rows come while it runs.
  await page.waitForFunction(
    () => {
      const list = document.querySelector('[role=listbox][aria-label=Events]');
      return !!document.querySelector('[aria-label=Parsing]') && (list?.scrollHeight ?? 0) > 60_000;
    },
    undefined,
    { polling: 'raf' },
  );
  // Half way down, far past the first screenful: whether its rows come while the bar still shows, or only after.
  const drawn = await page.evaluate(
    () =>
      new Promise<{ loading: boolean; row: number }>((resolve) => {
        const list = document.querySelector('[role=listbox][aria-label=Events]') as HTMLElement;
        const check = (): void => {
          const loading = !!document.querySelector('[aria-label=Parsing]');
          const rows = [...list.querySelectorAll('[role=option]')].map((o) => Number(o.id.replace('row-', '')));
          const row = Math.max(-1, ...rows);
          if (row < 1000 && loading) return;
          observer.disconnect();
          resolve({ loading, row });
        };
        const observer = new MutationObserver(check);
        observer.observe(document, { childList: true, subtree: true });
        list.scrollTop = Math.floor(list.scrollHeight / 2);
      }),
  );
  expect(drawn.loading).toBe(true);
  expect(drawn.row).toBeGreaterThan(1000);
  await app.waitForWorkbench();
});
