// A second activation restores the analysis from the cache: the tree shows the cached themes (labels and counts)
// before the papers are decoded, a theme opened meanwhile lists its papers once they are, and nothing changes
// in the themes when the analysis is there. The decode is held (PAPERS_TEST_HOLD_ANALYSIS, see ../holdAnalysis.cjs)
// so that the in-between state can be looked at however fast the machine is.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { papersLog } from '../../codeServer.mjs';
import { GROUP_ROWS, waitFor, waitForWorkbench } from '../workbench.mjs';
import { prepareLibrary } from './partialSearch.mjs';
/** @typedef {import('../../types.js').Page} Page */

const PAPERS = 400;

/**
 * The theme rows as the user reads them: label and count.
 * @param {Page} page
 */
async function themeRows(page) {
  const rows = page.locator(GROUP_ROWS);
  const out = [];
  for (let i = 0; i < (await rows.count()); i++) {
    const row = rows.nth(i);
    out.push(
      `${await row.locator('.label-name').innerText()} | ${await row.locator('.label-description').innerText()}`,
    );
  }
  return out;
}

/**
 * Reloads the window with the restore held before its papers are decoded; the sidebar comes back with the Papers
 * view open (a click would close it), or it is opened. Returns when the reload began (for the log read after it).
 * @param {Page} page
 * @param {string} holdAnalysisFile
 * @param {string} why
 */
export async function reloadHeld(page, holdAnalysisFile, why) {
  writeFileSync(holdAnalysisFile, `${why}\n`);
  const reloaded = Date.now();
  await page.reload();
  await waitForWorkbench(page);
  const shown = await page
    .locator(GROUP_ROWS)
    .first()
    .waitFor({ state: 'visible', timeout: 20_000 })
    .then(
      () => true,
      () => false,
    );
  if (!shown) await page.locator('.activitybar a.action-label[aria-label^="Papers"]').click();
  return reloaded;
}

/** @type {import('../../types.js').Scenario[]} */
export const scenarios = [
  {
    name: 'a restore from the cache shows the themes first, then the papers of a theme opened meanwhile',
    prepare: (workspace) => prepareLibrary(workspace, PAPERS),
    async run({ page, shot, server, holdAnalysisFile }) {
      const started = Date.now();
      // the Papers log of the newest extension host, written since `since`
      /** @param {number} since */
      const logSince = (since) => readFileSync(papersLog(server.pid, since) ?? '/dev/null', 'utf8');
      const log = () => logSince(started);
      await page.locator('.activitybar a.action-label[aria-label^="Papers"]').click();
      const themes = page.locator(GROUP_ROWS);
      // analyzed, cached, then read back from the cache and shown (the rows before that can be a partial state)
      await waitFor(
        'the analysis loaded and cached',
        async () => /cached the analysis/.test(log()) && /loaded \d+ papers/.test(log()),
        120_000,
      );
      await waitFor('the theme rows', async () => (await themes.count()) > 1, 30_000);
      const analyzed = await themeRows(page);

      const reloaded = await reloadHeld(page, holdAnalysisFile, 'held by the restore outline scenario');
      await waitFor(
        'the outline shown',
        async () => /showing the \d+ themes of \d+ cached papers while the papers are decoded/.test(logSince(reloaded)),
        60_000,
      );
      await themes.first().waitFor({ state: 'visible', timeout: 30_000 });
      const second = logSince(reloaded);
      if (/loaded \d+ papers/.test(second)) throw new Error('the papers were loaded while the decode was held');
      const outline = await themeRows(page);
      if (JSON.stringify(outline) !== JSON.stringify(analyzed))
        throw new Error(`the outline shows\n${outline.join('\n')}\nthe analysis showed\n${analyzed.join('\n')}`);
      await shot('outline');

      // a theme opened now waits for its papers (no empty theme), which come once the decode is let go
      await themes.first().click();
      await shot('theme-opened-before-the-papers');
      if ((await page.locator('.pane-body [role="treeitem"][aria-level="2"]').count()) !== 0)
        throw new Error('papers listed before they were decoded');
      rmSync(holdAnalysisFile);
      const count = Number(analyzed[0].split(' | ')[1]);
      const papers = page.locator('.pane-body [role="treeitem"][aria-level="2"]');
      await papers.first().waitFor({ state: 'visible', timeout: 60_000 });
      await waitFor('the restored analysis', async () => /loaded \d+ papers/.test(logSince(reloaded)), 30_000);
      const listed = await papers.count();
      if (listed < Math.min(count, 5)) throw new Error(`the opened theme lists ${listed} of its ${count} papers`);
      await shot('papers-after-the-decode');
      await themes.first().click(); // closed again: the list shows every theme row
      await waitFor('the theme closed', async () => (await papers.count()) === 0, 10_000);
      const restored = await themeRows(page);
      if (JSON.stringify(restored) !== JSON.stringify(analyzed))
        throw new Error(`after the restore the themes are\n${restored.join('\n')}`);
    },
  },
];
