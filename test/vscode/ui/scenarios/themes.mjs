// Theme corrections by hand in the sidebar: drag a paper onto another theme, then rename that theme through
// its context menu; the tree shows both and .papers/themes.json keeps them.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sleep, waitFor } from '../editorSteps.mjs';
import { GROUP_ROWS } from '../workbench.mjs';
/** @typedef {import('../../types.js').Page} Page */
/** @typedef {import('../../types.js').Locator} Locator */

/** @param {Page} page */
const themeRows = (page) => page.locator(GROUP_ROWS);
/**
 * The theme row whose name is exactly `name`.
 * @param {Page} page
 * @param {string} name
 */
const themeRow = (page, name) =>
  themeRows(page)
    .filter({
      has: page.locator('.label-name', { hasText: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) }),
    })
    .first();
/** @param {Locator} row */
const nameOf = async (row) => (await row.locator('.label-name').innerText()).trim();
/** @param {Locator} row */
const countOf = async (row) => Number((await row.locator('.label-description').innerText()).trim());

/** @param {string} workspace */
function corrections(workspace) {
  const file = join(workspace, '.papers', 'themes.json');
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
}

/**
 * Expands a theme row (when collapsed) and returns the titles of its papers as the tree shows them.
 * @param {Page} _page
 * @param {Locator} row
 */
async function papersOf(_page, row) {
  if ((await row.getAttribute('aria-expanded')) !== 'true') await row.click();
  await waitFor('the theme expanded', async () => (await row.getAttribute('aria-expanded')) === 'true');
  await sleep(300);
  // The rows after this one, up to the next theme: the tree is flat in the DOM, with aria-level.
  return row.evaluate((/** @type {Element} */ el) => {
    /** @type {string[]} */
    const titles = [];
    for (
      let next = el.nextElementSibling;
      next && next.getAttribute('aria-level') === '2';
      next = next.nextElementSibling
    ) {
      titles.push(/** @type {string} */ (next.getAttribute('aria-label')).split(',')[0].trim());
    }
    return titles;
  });
}

/**
 * Opens the context menu of a tree row and chooses `item`, until the input box it opens shows; returns that input.
 * `row` finds the row again on each try: a menu opened while the tree redraws can close before the click.
 * @param {Page} page
 * @param {() => Locator} row
 * @param {string} item
 */
export async function promptFromContextMenu(page, row, item) {
  const input = page.locator('.quick-input-widget input.input');
  await waitFor(
    `the prompt of "${item}"`,
    async () => {
      await page.keyboard.press('Escape');
      // a short click timeout: a row redrawn away must not spend the whole wait on one try
      if (
        !(await row()
          .click({ button: 'right', timeout: 5000 })
          .then(
            () => true,
            () => false,
          ))
      )
        return false;
      const action = page.locator('.monaco-menu .action-item', { hasText: item }).first();
      if (
        !(await action.waitFor({ state: 'visible', timeout: 5000 }).then(
          () => true,
          () => false,
        ))
      )
        return false;
      await sleep(150);
      await action.click({ timeout: 5000 }).catch(() => undefined);
      if (
        await input.waitFor({ state: 'visible', timeout: 3000 }).then(
          () => true,
          () => false,
        )
      )
        return true;
      // Twice in CI the menu stayed open, its item under the pointer, and the click did nothing
      // (screenshot …--attempt-1--failed.png): choose the item from the keyboard then.
      if (await action.isVisible()) {
        await page.keyboard.press('ArrowDown');
        await page.keyboard.press('Enter');
      }
      return input.waitFor({ state: 'visible', timeout: 3000 }).then(
        () => true,
        () => false,
      );
    },
    60_000,
  );
  return input;
}

/** @type {import('../../types.js').Scenario[]} */
export const scenarios = [
  {
    name: 'move a paper to another theme by drag and drop, then rename that theme from its context menu',
    async run({ page, shot, workspace }) {
      await page.locator('.activitybar a.action-label[aria-label^="Papers"]').click({ timeout: 60_000 });
      await themeRows(page).first().waitFor({ state: 'visible', timeout: 90_000 });
      await waitFor('all theme rows', async () => (await themeRows(page).count()) >= 5);
      // The two last (smallest) themes: their papers fit on screen once expanded.
      const count = await themeRows(page).count();
      const sourceName = await nameOf(themeRows(page).nth(count - 1));
      const targetName = await nameOf(themeRows(page).nth(count - 2));
      const targetBefore = await countOf(themeRow(page, targetName));
      const sourceBefore = await countOf(themeRow(page, sourceName));
      const [title] = await papersOf(page, themeRow(page, sourceName));
      if (!title) throw new Error(`the theme "${sourceName}" shows no papers`);
      const paper = page.locator('.pane-body [role="treeitem"][aria-level="2"]', { hasText: title }).first();
      await sleep(300);
      await shot('before-drag');

      // Drag the paper row onto the other theme's row with the mouse, in small steps as a hand would.
      const from = await paper.boundingBox();
      const to = await themeRow(page, targetName).boundingBox();
      await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
      await page.mouse.down();
      for (let i = 1; i <= 10; i++)
        await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 + ((to.y - from.y) * i) / 10, {
          steps: 2,
        });
      await page.mouse.move(to.x + to.width / 3, to.y + to.height / 2, { steps: 4 });
      await sleep(200);
      await page.mouse.up();

      await waitFor(
        'the move stored in .papers/themes.json',
        () => Object.keys(corrections(workspace)?.moves ?? {}).length === 1,
      );
      await waitFor(
        'the counts to change',
        async () => (await countOf(themeRow(page, targetName))) === targetBefore + 1,
        30_000,
      );
      const sourceAfter = (await themeRow(page, sourceName).count()) ? await countOf(themeRow(page, sourceName)) : 0;
      if (sourceAfter !== sourceBefore - 1)
        throw new Error(`"${sourceName}" shows ${sourceAfter} papers after the move, expected ${sourceBefore - 1}`);
      const moved = await papersOf(page, themeRow(page, targetName));
      if (!moved.includes(title))
        throw new Error(`"${title}" is not listed under "${targetName}": ${moved.join(' | ')}`);
      await shot('after-drag');

      // Rename the target theme from its context menu.
      const renamed = 'Hand-picked papers';
      const input = await promptFromContextMenu(page, () => themeRow(page, targetName), 'Rename Theme');
      await input.fill(renamed);
      await page.keyboard.press('Enter');
      await themeRow(page, renamed).waitFor({ state: 'visible', timeout: 30_000 });
      if (await themeRow(page, targetName).count())
        throw new Error(`the old name "${targetName}" is still in the tree`);
      const stored = await waitFor(
        'the rename stored',
        () => Object.values(corrections(workspace)?.renames ?? {}).includes(renamed) && corrections(workspace),
      );
      if (Object.keys(stored.moves).length !== 1) throw new Error('the rename lost the move');
      const under = await papersOf(page, themeRow(page, renamed));
      if (!under.includes(title))
        throw new Error(`after the rename, "${title}" is not under "${renamed}": ${under.join(' | ')}`);
      if ((await countOf(themeRow(page, renamed))) !== targetBefore + 1)
        throw new Error('the renamed theme lost a paper');
      await sleep(300);
      await shot('after-rename');
    },
  },
];
