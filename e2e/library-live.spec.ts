import { expect, test, type Page } from '@playwright/test';
import { SESSIONS, projectsFolder } from '../lib/fast/testing/projects';
import { cc, jsonl, text, toolUse } from '../lib/trace/testing/builders';
import { writeProjects } from './helpers/projects';
import { Loupe } from './pages/Loupe';

// Live tail through the real File System Access API: the projects folder is written to the origin private file
// system (OPFS), and `showDirectoryPicker` (the one call a test cannot click through) returns that folder's handle.
// Everything after it is the API as a user's folder gives it: handles walked, files read in workers, a file appended
// to while its session is open. Elsewhere (a folder input's snapshots), Reload reads the files picked again.

const S1 = SESSIONS[0];
const MAIN = `${S1?.project}/${S1?.id}.jsonl`;

/** Writes files (paths under `projects/`) into OPFS, each whole, or appended to when `append`. */
async function writeOpfs(page: Page, files: Readonly<Record<string, string>>, append = false): Promise<void> {
  await page.evaluate(
    async ({ files, append }) => {
      const root = await (await navigator.storage.getDirectory()).getDirectoryHandle('projects', { create: true });
      for (const [name, text] of Object.entries(files)) {
        const parts = name.split('/');
        let dir = root;
        for (const p of parts.slice(0, -1)) dir = await dir.getDirectoryHandle(p, { create: true });
        const handle = await dir.getFileHandle(parts[parts.length - 1] ?? '', { create: true });
        const size = (await handle.getFile()).size;
        const w = await handle.createWritable({ keepExistingData: append });
        if (append) await w.seek(size);
        await w.write(text);
        await w.close();
      }
    },
    { files, append },
  );
}

const grid = (page: Page) => page.getByRole('grid', { name: 'Sessions' });

/** A new turn of the first session: a prompt, and a model call still waiting for its tool's result. */
const more = (): string =>
  jsonl([
    cc.prompt('Now also check the leap years', { session: S1?.id, time: '2026-03-01T09:30:00.000Z' }),
    cc.assistant(
      'msg_live',
      [text('Checking.'), toolUse('toolu_live', 'Bash', { command: 'npm test' })],
      { input: 7, output: 21 },
      {
        session: S1?.id,
        model: 'claude-opus-4-6',
        time: '2026-03-01T09:30:05.000Z',
      },
    ),
  ]);

test('a session opened from a folder on disk shows lines appended to its file, live, keeping the selection', async ({
  page,
}) => {
  await page.addInitScript(() => {
    window.showDirectoryPicker = async () =>
      (await navigator.storage.getDirectory()).getDirectoryHandle('projects', { create: true });
  });
  const app = new Loupe(page);
  await app.home();
  const files = Object.fromEntries(
    Object.entries(projectsFolder()).map(([name, t]) => [name.replace(/^projects\//, ''), t]),
  );
  await writeOpfs(page, files);

  await page.getByRole('button', { name: 'Open projects folder…' }).click();
  await expect(page).toHaveURL(/\/library$/);
  await expect(page.getByText('from disk')).toBeVisible();
  await expect(page.getByText(/files? · .* scanned/)).toBeVisible();
  await expect(grid(page).locator('[role=row][data-session]')).toHaveCount(SESSIONS.length);

  await grid(page).locator(`[role=row][data-session="${S1?.id}"]`).click();
  await app.waitForWorkbench();
  // Written a moment ago: the session is live, and its last response is in progress, not interrupted.
  await expect(page.getByRole('status', { name: 'Live' })).toBeVisible();
  await expect(page.getByText('in progress', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('interrupted', { exact: true })).toHaveCount(0);

  // Select an event of the subagent file: it comes after the main file, so its events move when the main file grows.
  // The last line in time is the subagent's.
  await app.events.getByRole('option').first().click();
  await page.keyboard.press('End');
  const pickedText = await app.selected().textContent();
  expect(pickedText).toBeTruthy();
  const selBefore = new URL(page.url()).searchParams.get('sel');

  await writeOpfs(page, { [MAIN]: more() }, true);
  const t0 = Date.now();
  await expect(app.option(/user prompt: Now also check the leap years/)).toBeAttached({ timeout: 5_000 });
  const took = Date.now() - t0;
  test.info().annotations.push({
    type: 'live tail',
    description: `new lines shown ${took} ms after the append (polled every 750 ms)`,
  });
  // The selection is the same event, at its new place.
  await expect(app.selected()).toHaveText(pickedText ?? '');
  await expect.poll(() => new URL(page.url()).searchParams.get('sel')).not.toBe(selBefore);
  // The tool call still waits for its result: running, not "no result".
  await expect(page.getByRole('status', { name: 'Live' })).toBeVisible();
  await expect(app.option(/Checking/).last()).toContainText('running');

  // The folder is remembered (its handle, in IndexedDB): the home page offers it again, and it opens with one click.
  await app.home();
  await page.getByRole('button', { name: 'Reopen projects' }).click();
  await expect(page).toHaveURL(/\/library$/);
  await expect(grid(page).locator('[role=row][data-session]')).toHaveCount(SESSIONS.length);
});

test('files from a folder input are snapshots: Reload reads the files picked again', async ({ page }, info) => {
  const folder = writeProjects(info.outputPath('gen'));
  const app = new Loupe(page);
  await app.home();
  await page.getByLabel('Projects folder').setInputFiles(folder);
  await expect(page.getByText(/files? · .* scanned/)).toBeVisible();
  await grid(page).locator(`[role=row][data-session="${S1?.id}"]`).click();
  await app.waitForWorkbench();
  await expect(page.getByRole('status', { name: 'Live' })).toHaveCount(0);
  await expect(app.option(/user prompt: Now also check the leap years/)).toHaveCount(0);

  const grown = writeProjects(info.outputPath('gen'), {
    [`projects/${MAIN}`]: `${projectsFolder()[`projects/${MAIN}`]}${more()}`,
  });
  await page.getByLabel('Files to reload').setInputFiles(grown);
  await expect(app.option(/user prompt: Now also check the leap years/)).toBeAttached();
});

test('a folder that cannot be read (gone since it was picked) is said on the library page, not read for ever', async ({
  page,
}) => {
  // The handle of a folder deleted right after it was picked: walking it fails, as a remembered folder since moved does.
  await page.addInitScript(() => {
    window.showDirectoryPicker = async () => {
      const root = await navigator.storage.getDirectory();
      const gone = await root.getDirectoryHandle('gone', { create: true });
      await root.removeEntry('gone', { recursive: true });
      return gone;
    };
  });
  await new Loupe(page).home();
  await page.getByRole('button', { name: 'Open projects folder…' }).click();
  await expect(page).toHaveURL(/\/library$/);
  await expect(page.getByRole('alert').filter({ hasText: 'Could not read gone:' })).toBeVisible();
  await expect(page.getByText('reading the folder…')).toHaveCount(0);
});
