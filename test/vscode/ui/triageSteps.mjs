// Steps of the morning pass's scenarios: the paper the view shows, the tree's selected row, a key that steps to
// another paper, and the check that the tree's selection follows the view.
import { waitFor } from './workbench.mjs';

/** @typedef {import('../types.js').Page} Page */
/** @typedef {import('../types.js').FrameLocator} FrameLocator */

/**
 * The id of the paper the view shows (the page names it on its article).
 * @param {FrameLocator} view
 * @returns {Promise<string>}
 */
export const shownId = (view) =>
  view.locator('article[data-paper-id]').getAttribute('data-paper-id', { timeout: 15_000 });

/**
 * The label of the tree's selected row ('' when none is selected).
 * @param {Page} page
 * @returns {Promise<string>}
 */
export const selectedRow = (page) =>
  page
    .locator('.pane-body [role="treeitem"][aria-selected="true"]')
    .first()
    .getAttribute('aria-label', { timeout: 2000 })
    .catch(() => '');

/**
 * Presses a key that steps to another paper; resolves to the ms until the view shows a paper other than `from`.
 * @param {Page} page
 * @param {FrameLocator} view
 * @param {string} key
 * @param {string} from
 */
export async function stepKey(page, view, key, from) {
  const t0 = performance.now();
  await page.keyboard.press(key);
  await view.locator(`article[data-paper-id]:not([data-paper-id="${from}"])`).waitFor({ timeout: 15_000 });
  return performance.now() - t0;
}

/**
 * The tree's selected row is the paper the view shows (its title starts the row's label).
 * @param {Page} page
 * @param {FrameLocator} view
 * @param {string} where
 */
export async function treeFollows(page, view, where) {
  const title = (await view.locator('article').evaluate(() => document.title)).trim();
  await waitFor(
    `the tree's selection on "${title}" (${where})`,
    async () => (await selectedRow(page)).startsWith(title),
    10_000,
  );
}
