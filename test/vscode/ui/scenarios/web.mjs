// Papers on the web: the web build (package.json `browser`) in code-server's browser-side extension host, as in
// vscode.dev or github.dev. The extension is loaded from a folder whose manifest has no `main` (with one, VS Code
// runs `main` in the Node host), so nothing of node can help it: the tree by theme, the paper view and its notes,
// search and a star written to .papers/ must all work through workspace.fs and the Web Worker analysis.
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { paperView } from '../editorSteps.mjs';
import { GROUP_ROWS, setRowOpen, sleep, waitFor } from '../workbench.mjs';
import { prepareLibrary } from './partialSearch.mjs';

const REPO = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..');
/** The seeds analysis in the Web Worker must take at most this long (issue 27). */
const SEEDS_ANALYSIS_MS = 5000;
/** A library large enough that its analysis in the worker lasts while the UI is used. */
const LARGE_LIBRARY = 4000;

/** @type {string | undefined} */
let webOnly;
/** The extension as a web-only one: this repo's files, its manifest without `main` (made once, removed at exit). */
function webOnlyExtension() {
  if (webOnly) return webOnly;
  const dir = mkdtempSync(join(tmpdir(), 'papers-web-extension-'));
  webOnly = dir;
  const { main: _desktop, ...manifest } = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8'));
  if (!manifest.browser) throw new Error('package.json has no `browser` entry');
  writeFileSync(join(dir, 'package.json'), JSON.stringify(manifest, null, 2));
  for (const entry of ['dist', 'media', 'seeds', 'LICENSE', 'README.md'])
    if (existsSync(join(REPO, entry))) symlinkSync(join(REPO, entry), join(dir, entry));
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/**
 * The seeds as the workspace's own collections: analyzed (the bundled seeds would be restored from their snapshot).
 * @param {string} workspace
 */
function prepareSeeds(workspace) {
  mkdirSync(join(workspace, 'papers'), { recursive: true });
  for (const f of readdirSync(join(REPO, 'seeds')).filter((n) => n.endsWith('.txt')))
    cpSync(join(REPO, 'seeds', f), join(workspace, 'papers', f));
  mkdirSync(join(workspace, '.vscode'), { recursive: true });
  writeFileSync(
    join(workspace, '.vscode', 'settings.json'),
    `${JSON.stringify({ 'papers.collections': ['papers/*.txt'] }, null, 2)}\n`,
  );
}

/** @param {import('../../types.js').Page} page */
async function openSidebar(page) {
  await page.locator('.activitybar a.action-label[aria-label^="Papers"]').click();
  // the side bar shows Papers, not the Explorer it opened with (whose rows would pass for themes)
  await page.locator('.part.sidebar .title-label', { hasText: /^papers/i }).waitFor({ state: 'visible' });
}

/**
 * The Papers log as the Output panel shows it (the web extension host keeps it in the browser).
 * @param {import('../../types.js').Page} page
 * @param {(title: string) => Promise<void>} runCommand
 */
async function papersLog(page, runCommand) {
  await runCommand('Output: Show Output Channels...');
  await page.locator('.quick-input-widget input.input').fill('Papers');
  await page
    .locator('.quick-input-list .monaco-list-row', { hasText: /^Papers/ })
    .first()
    .click();
  const lines = page.locator('.panel .monaco-editor .view-lines');
  await lines.first().waitFor({ state: 'visible' });
  await sleep(500);
  return (await lines.first().innerText()).replace(/\u00a0/g, ' ');
}

/** @type {import('../../types.js').Scenario[]} */
export const scenarios = [
  {
    name: 'web: in the browser extension host the seeds are analyzed in a Web Worker; tree by theme, paper view with a note, search, a star in .papers/',
    extensionPath: webOnlyExtension,
    prepare: prepareSeeds,
    async run({ page, runCommand, shot, workspace }) {
      const shown = Date.now();
      await openSidebar(page);
      const themes = page.locator(GROUP_ROWS);
      await themes.first().waitFor({ state: 'visible', timeout: 60_000 });
      const toThemes = Date.now() - shown;
      const count = await waitFor('at least 8 theme rows', async () =>
        (await themes.count()) >= 8 ? themes.count() : false,
      );
      await shot('tree-by-theme');

      // the For You row comes above the themes once ranked: clicked before it, the rows shift under the clicks
      await page
        .locator('.pane-body [role="treeitem"][aria-level="1"][aria-label^="For You"]')
        .first()
        .waitFor({ state: 'visible', timeout: 30_000 });
      await setRowOpen(themes.first(), true);
      const paperRow = page.locator('[role="treeitem"][aria-level="2"]').first();
      await paperRow.waitFor({ state: 'visible' });
      const title = (await paperRow.getAttribute('aria-label')).split(',')[0].trim();
      await paperRow.click();
      const view = paperView(page);
      await view.locator('h1').waitFor({ state: 'visible', timeout: 30_000 });
      const h1 = (await view.locator('h1').innerText()).trim();
      if (h1 !== title) throw new Error(`the paper view shows "${h1}", the row said "${title}"`);

      await view.locator('button[data-action="toggleStar"]').click();
      const stored = join(workspace, '.papers', 'papers');
      const starFile = await waitFor('the star in .papers/papers/', () => {
        const f = existsSync(stored) && readdirSync(stored).find((n) => n.endsWith('.json'));
        return f && /"starred":\s*true/.test(readFileSync(join(stored, f), 'utf8')) && f;
      });

      await view.locator('button[data-action="openNotes"]').first().click();
      const notesDir = join(workspace, 'notes');
      const notes = await waitFor(
        'the notes file',
        () => existsSync(notesDir) && readdirSync(notesDir).find((f) => f.endsWith('.md')),
      );
      await page.locator(`.tabs-container .tab[aria-label^="${notes}"]`).first().waitFor({ state: 'visible' });
      // typed into the paper view, the note's letters would be its keys (n: notes, e: seen, o: open page)
      await page.locator('.monaco-editor .view-lines').first().click();
      await waitFor('the notes editor focused', () =>
        page.evaluate(() => document.activeElement?.closest('.monaco-editor') !== null),
      );
      await page.keyboard.press('Control+End');
      await page.keyboard.type('\nRead on the web.\n');
      await page.keyboard.press('Control+S');
      await waitFor('the note saved', () => readFileSync(join(notesDir, notes), 'utf8').includes('Read on the web.'));
      await sleep(500);
      await shot('paper-view-and-note');
      // the editor menu offers a code link on the workspace's scheme (vscode-remote here, vscode-vfs on github.dev)
      await page.keyboard.press('Shift+ArrowUp');
      await page.keyboard.press('Shift+F10'); // the focused editor's context menu
      const menuItem = page.locator('.context-view .action-label', { hasText: 'Link Paper to Selection…' });
      await menuItem.first().waitFor({ state: 'visible', timeout: 10_000 });
      await shot('editor-menu');
      await page.keyboard.press('Escape');

      await runCommand('Papers: Search Papers…');
      const input = page.locator('.quick-input-widget input.input');
      await input.fill(title.split(/\s+/).slice(0, 3).join(' '));
      const hit = page.locator('.quick-input-list .monaco-list-row', { hasText: title }).first();
      await hit.waitFor({ state: 'visible', timeout: 20_000 });
      await shot('search');
      await page.keyboard.press('Escape');

      const log = await papersLog(page, runCommand);
      await shot('log');
      const m = /analyzed (\d+) papers in a Web Worker in (\d+) ms/.exec(log);
      if (!m) throw new Error(`the log does not say the seeds were analyzed in a Web Worker:\n${log.slice(0, 2000)}`);
      const ms = Number(m[2]);
      console.log(
        `      web: ${m[1]} papers analyzed in the Web Worker in ${ms} ms; ${count} themes shown ${toThemes} ms after the workbench; star in ${starFile}`,
      );
      if (ms > SEEDS_ANALYSIS_MS)
        throw new Error(`the seeds took ${ms} ms in the Web Worker (at most ${SEEDS_ANALYSIS_MS})`);
      if (/node:|process is not defined|require is not defined/.test(log))
        throw new Error(`node in the web log:\n${log}`);
    },
  },
  {
    name: 'web: the extension host answers while a large library is analyzed in the Web Worker',
    extensionPath: webOnlyExtension,
    prepare: (/** @type {string} */ workspace) => prepareLibrary(workspace, LARGE_LIBRARY),
    async run({ page, runCommand, shot }) {
      await openSidebar(page);
      await sleep(1000); // the analysis has started (the tree asks the extension, which activates and loads)
      const themes = page.locator(GROUP_ROWS);
      if ((await themes.count()) > 0) throw new Error('the library was analyzed before the check could start');
      const asked = Date.now();
      await runCommand('Papers: Search Papers…');
      // the extension host answers: the search (once something is searchable) or why it cannot search yet
      const pick = page.locator('.quick-input-widget .quick-input-title', { hasText: 'Search Papers' });
      const toast = page.locator('.notifications-toasts', { hasText: 'Papers is still loading its collections' });
      await pick.or(toast).first().waitFor({ state: 'visible', timeout: 30_000 });
      const answered = Date.now() - asked;
      const stillAnalyzing = (await themes.count()) === 0;
      await shot('answered-while-analyzing');
      await page.keyboard.press('Escape');
      if (!stillAnalyzing) throw new Error('the themes came before the host answered: it did not answer meanwhile');
      await themes.first().waitFor({ state: 'visible', timeout: 180_000 });
      const analyzed = Date.now() - asked;
      await shot('themes-after');
      console.log(
        `      web: Search Papers answered in ${answered} ms while ${LARGE_LIBRARY} papers were analyzed (themes ${analyzed} ms after the command)`,
      );
    },
  },
];
