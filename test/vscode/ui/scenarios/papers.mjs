// What the user sees: the Papers sidebar with themes, a paper opened (no notes file) and its notes asked for beside
// it, the quick-pick search.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { paperView } from '../editorSteps.mjs';
import { GROUP_ROWS, sleep, waitFor } from '../workbench.mjs';
/** @typedef {import('../../types.js').Page} Page */

/**
 * Opens the Papers container from the activity bar and returns the first theme row once the tree is filled.
 * @param {Page} page
 */
async function openSidebar(page) {
  await page.locator('.activitybar a.action-label[aria-label^="Papers"]').click();
  const tree = page
    .locator('.pane-body [role="tree"]')
    .filter({ has: page.locator('[role="treeitem"]') })
    .first();
  const firstTheme = page.locator(GROUP_ROWS).first();
  await firstTheme.waitFor({ state: 'visible', timeout: 60_000 });
  return { tree, firstTheme };
}

/** @type {import('../../types.js').Scenario[]} */
export const scenarios = [
  {
    name: 'sidebar shows themes with counts; clicking a paper opens it, Start notes puts its notes beside it',
    async run({ page, shot, workspace }) {
      const { firstTheme } = await openSidebar(page);
      const themes = page.locator(GROUP_ROWS);
      // rows render as the tree fills: wait for all the themes, not just the first
      const count = await waitFor('at least 10 theme rows', async () =>
        (await themes.count()) >= 10 ? themes.count() : false,
      ).catch(async () => themes.count());
      if (count < 10) throw new Error(`expected at least 10 theme rows, saw ${count}`);
      const themeText = await firstTheme.innerText();
      if (!/\d+/.test(themeText)) throw new Error(`the theme row shows no count: "${themeText}"`);
      await shot('sidebar-themes');
      await firstTheme.click();
      const paperRow = page.locator('[role="treeitem"][aria-level="2"]').first();
      await paperRow.waitFor({ state: 'visible' });
      await paperRow.hover();
      await page
        .locator('.monaco-hover, .workbench-hover-container')
        .first()
        .waitFor({ state: 'visible', timeout: 10_000 })
        .catch(() => {});
      await shot('paper-tooltip');
      const title = (await paperRow.getAttribute('aria-label')).split(',')[0].trim();
      await paperRow.click();
      const view = paperView(page);
      await view.locator('h1').waitFor({ state: 'visible', timeout: 30_000 });
      const shown = (await view.locator('h1').innerText()).trim();
      if (shown !== title) throw new Error(`the paper view shows "${shown}", the row said "${title}"`);
      const abstract = await view.locator('body').innerText();
      if (abstract.length < 400) throw new Error('the paper view shows no abstract');
      // opening is reading: the notes file comes when asked for
      const notesDir = join(workspace, 'notes');
      await sleep(300);
      if (existsSync(notesDir) && readdirSync(notesDir).length)
        throw new Error(`opening the paper wrote ${readdirSync(notesDir).join(', ')}`);
      await view.locator('button[data-action="openNotes"]').click();
      const notes = await waitFor(
        'the notes file',
        () => existsSync(notesDir) && readdirSync(notesDir).find((f) => f.endsWith('.md')),
      );
      const text = readFileSync(join(notesDir, notes), 'utf8');
      if (!text.startsWith('---\n')) throw new Error('the notes file has no front matter');
      // the notes editor is open in the other column
      await page
        .locator(`.tabs-container .tab[aria-label^="${notes}"]`)
        .first()
        .waitFor({ state: 'visible', timeout: 15_000 });
      await sleep(500);
      await shot('paper-beside-notes');
    },
  },
  {
    name: 'quick-pick search ranks papers as you type and opens the chosen one',
    async run({ page, runCommand, shot }) {
      await openSidebar(page);
      const input = page.locator('.quick-input-widget input.input');
      const title = page.locator('.quick-input-widget .quick-input-title', { hasText: 'Search Papers' });
      // On a busy machine the palette may swallow the first run of the command: run it again if no search shows.
      for (let attempt = 1; ; attempt++) {
        await runCommand('Papers: Search Papers…');
        try {
          await title.waitFor({ state: 'visible', timeout: 15_000 });
          break;
        } catch (err) {
          if (attempt === 3) throw err;
          await page.keyboard.press('Escape');
        }
      }
      await input.waitFor({ state: 'visible' });
      await input.pressSequentially('offline reinf', { delay: 40 });
      const rows = page.locator('.quick-input-list .monaco-list-row');
      await waitFor('search results', async () => (await rows.count()) >= 3);
      const first = await rows.first().innerText();
      if (!/offline|reinforcement/i.test(first))
        throw new Error(`the first result does not mention the query: ${first}`);
      // the pointer off the input: its hover (the placeholder as a tooltip) would cover the first result
      await page.mouse.move(1100, 650);
      await sleep(300);
      await shot('search-results');
      await input.fill('theme:zzzz-no-such-theme');
      await waitFor(
        'no results for an unknown theme, said in one row',
        async () => (await rows.count()) === 1 && /No papers match/.test(await rows.first().innerText()),
      );
      await shot('search-no-results');
      await input.fill('offline reinf');
      await waitFor('results again', async () => (await rows.count()) >= 3);
      const label = (await rows.first().locator('.label-name').first().innerText()).replace(/^\W+/, '').trim();
      await page.keyboard.press('Enter');
      const view = paperView(page);
      await view.locator('h1').waitFor({ state: 'visible', timeout: 30_000 });
      const shown = (await view.locator('h1').innerText()).trim();
      if (!label.includes(shown) && !shown.includes(label)) throw new Error(`opened "${shown}", picked "${label}"`);
      await sleep(500);
      await shot('search-opened');
    },
  },
];
