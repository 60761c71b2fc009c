// For You: the hint while the reader has given no signal; three papers of one theme starred from the tree fill the
// group with papers of that theme, each with its reason in the hover; a paper opened from it says "Why this paper"
// in the paper view; "Not Interested" moves a paper out.
import { paperView } from '../editorSteps.mjs';
import { sleep, waitFor } from '../workbench.mjs';
/** @typedef {import('../../types.js').Page} Page */
/** @typedef {import('../../types.js').Locator} Locator */

/**
 * @param {Page} page
 * @param {number} level
 */
const row = (page, level) => page.locator(`.pane-body [role="treeitem"][aria-level="${level}"]`);
/** @param {Page} page */
const forYouRow = (page) =>
  row(page, 1)
    .filter({ hasText: /^For You/ })
    .first();

/**
 * Right-clicks a row and runs one item of its menu (the menu acts on Enter for the item under the pointer).
 * @param {Page} page
 * @param {Locator} target
 * @param {string} label
 */
async function fromMenu(page, target, label) {
  await target.click({ button: 'right' });
  const item = page.locator('.context-view .action-item', { hasText: new RegExp(`^${label}$`) }).first();
  await item.waitFor({ state: 'visible', timeout: 10_000 });
  await sleep(300);
  await item.hover();
  await page.keyboard.press('Enter');
  await item.waitFor({ state: 'hidden', timeout: 10_000 }).catch(() => {});
}

/**
 * Stars the paper titled `title` from its row's menu, and waits until its row says so. The tree redraws when For You
 * fills: a right-click that lands as the rows move opens another row's menu, and is tried again.
 * @param {Page} page
 * @param {string} title
 */
async function star(page, title) {
  const isStarred = async () => {
    const label = await row(page, 2).filter({ hasText: title }).first().getAttribute('aria-label');
    return / starred/.test(label ?? '');
  };
  for (let attempt = 1; ; attempt++) {
    try {
      await fromMenu(page, row(page, 2).filter({ hasText: title }).first(), 'Star');
      await waitFor(`"${title}" starred`, isStarred, 10_000);
      return;
    } catch (err) {
      if (attempt === 3) throw err;
      await page.keyboard.press('Escape');
    }
  }
}

/**
 * The titles of the rows under For You (they come right after its row, at level 2).
 * @param {Page} page
 * @returns {Promise<string[]>}
 */
async function forYouTitles(page) {
  return page.evaluate(() => {
    const rows = [...document.querySelectorAll('.pane-body [role="treeitem"]')];
    const at = rows.findIndex((r) => r.getAttribute('aria-level') === '1' && /^For You/.test(r.textContent ?? ''));
    const out = [];
    for (const r of rows.slice(at + 1)) {
      if (r.getAttribute('aria-level') !== '2') break;
      out.push((r.getAttribute('aria-label') ?? '').split(',')[0].trim());
    }
    return out;
  });
}

/** @type {import('../../types.js').Scenario[]} */
export const scenarios = [
  {
    name: 'For You: a hint without signals, three starred papers fill it with their kind, Not Interested moves one out',
    async run({ page, shot }) {
      await page.locator('.activitybar a.action-label[aria-label^="Papers"]').click();
      const forYou = forYouRow(page);
      await forYou.waitFor({ state: 'visible', timeout: 90_000 });
      if (!/no signals yet/.test(await forYou.innerText())) throw new Error('For You should say it has no signal');
      await forYou.click();
      const hint = row(page, 2)
        .filter({ hasText: /Star, tag, highlight/ })
        .first();
      await hint.waitFor({ state: 'visible', timeout: 10_000 });
      await shot('no-signals-hint');
      await forYou.click();

      // the first theme: star three of its papers from their menus
      const theme = row(page, 1)
        .filter({ hasNotText: /^(For You|New)/ })
        .first();
      const themeName = (await theme.getAttribute('aria-label')).split(',')[0].trim();
      await theme.click();
      await row(page, 2).first().waitFor({ state: 'visible' });
      /** @type {string[]} */
      const starred = [];
      for (let i = 0; i < 3; i++)
        starred.push((await row(page, 2).nth(i).getAttribute('aria-label')).split(',')[0].trim());
      // For You fills (and opens) above the theme after the first star: find each paper by its title, in either group
      for (const title of starred) await star(page, title);
      await theme.click(); // closed again: For You's rows are the level-2 rows after its own
      await waitFor(
        'For You to list papers',
        async () => /For You\s*\d+/.test(await forYouRow(page).innerText()),
        30_000,
      );
      if (!(await forYouRow(page).getAttribute('aria-expanded')).includes('true')) await forYouRow(page).click();
      // the ranking follows the stars a moment later: none of them stays listed
      const titles = await waitFor('papers under For You, none of the starred ones', async () => {
        const t = await forYouTitles(page);
        return t.length >= 5 && !t.some((title) => starred.includes(title)) ? t : false;
      });
      // hover the first paper: its reason names starred papers
      const first = row(page, 2)
        .filter({ hasText: titles[0].slice(0, 30) })
        .first();
      await first.hover();
      const hover = page.locator('.monaco-hover, .workbench-hover-container').first();
      await hover.waitFor({ state: 'visible', timeout: 10_000 });
      const text = (await hover.innerText()).replace(/\s+/g, ' '); // the hover spaces titles with no-break spaces
      if (!/For you:\s*like/.test(text) || !/starred/.test(text)) throw new Error(`no reason in the hover: ${text}`);
      if (!starred.some((t) => text.includes(t.slice(0, 20))))
        throw new Error(`the reason names no starred paper: ${text}`);
      await shot('filled-with-reasons');
      console.log(
        `      starred 3 of "${themeName}"; For You lists ${titles.length}: ${titles.slice(0, 5).join(' | ')}`,
      );

      // the second paper opened from For You: the paper view says why, naming starred papers
      await row(page, 2)
        .filter({ hasText: titles[1].slice(0, 30) })
        .first()
        .click();
      const why = paperView(page).locator('#why-this-paper');
      await why.waitFor({ state: 'visible', timeout: 30_000 });
      const whyText = (await why.innerText()).replace(/\s+/g, ' ');
      if (!/Why this paper/.test(whyText) || !/\(starred\)/.test(whyText))
        throw new Error(`"Why this paper" names no starred paper: ${whyText}`);
      await why.scrollIntoViewIfNeeded();
      await shot('why-this-paper');

      // Not Interested from the first paper's menu: it leaves For You
      await page.mouse.move(0, 0);
      await fromMenu(page, first, 'Not Interested');
      await waitFor('the paper out of For You', async () => !(await forYouTitles(page)).includes(titles[0]), 20_000);
      await shot('not-interested-moved-out');
    },
  },
];
