// What the user sees in a large group: one page of papers, then a "Show N more…" row that lists the next page.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { GROUP_ROWS, waitFor } from '../workbench.mjs';

/** @type {import('../../types.js').Scenario[]} */
export const scenarios = [
  {
    name: 'a theme larger than a page ends with a "Show more" row that lists the next page',
    async run({ page, shot, workspace }) {
      mkdirSync(join(workspace, '.vscode'), { recursive: true });
      writeFileSync(
        join(workspace, '.vscode', 'settings.json'),
        `${JSON.stringify({ 'papers.tree.pageSize': 5 }, null, 2)}\n`,
      );
      await page.locator('.activitybar a.action-label[aria-label^="Papers"]').click();
      const firstTheme = page.locator(GROUP_ROWS).first();
      await firstTheme.waitFor({ state: 'visible', timeout: 60_000 });
      const papers = page.locator('[role="treeitem"][aria-level="2"]');
      const more = page.locator('[role="treeitem"][aria-level="2"]', { hasText: 'Show 5 more' });
      // The page size reaches the extension through a settings file written just now: a theme expanded before
      // the tree refreshed for it lists the whole group (the default page). Expand again until the row shows.
      await waitFor(
        'the "Show 5 more" row',
        async () => {
          if (await more.isVisible()) return true;
          if ((await firstTheme.getAttribute('aria-expanded')) === 'true') await firstTheme.click(); // collapse
          await firstTheme.click();
          return more.waitFor({ state: 'visible', timeout: 3_000 }).then(
            () => true,
            () => false,
          );
        },
        30_000,
      );
      const before = await papers.count();
      if (before !== 6) throw new Error(`expected 5 papers and the "Show more" row, saw ${before} rows`);
      const description = await more.innerText();
      if (!/5 of \d+ shown/.test(description)) throw new Error(`the "Show more" row says "${description}"`);
      await shot('first-page');
      await more.click();
      await waitFor('the second page', async () => (await papers.count()) === 11);
      await shot('second-page');
    },
  },
];
