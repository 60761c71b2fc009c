// A large library's themes in the sidebar: broad themes with the number of papers under them, a broad theme
// opened to its subthemes (with theirs), a subtheme opened to its papers, and a subtheme renamed from its
// context menu (kept in .papers/themes.json, still under its broad theme); after a reload, the same nesting
// from the cached analysis before its papers are decoded.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { papersLog } from '../../codeServer.mjs';
import { GROUP_ROWS, escapeRegExp, sleep, waitFor } from '../workbench.mjs';
import { prepareLibrary } from './partialSearch.mjs';
import { reloadHeld } from './restoreOutline.mjs';
import { promptFromContextMenu } from './themes.mjs';
/** @typedef {import('../../types.js').Page} Page */
/** @typedef {import('../../types.js').Locator} Locator */
/** @typedef {{ name: string, count: number, broad: number }} TopRow a theme at the top: `broad` counts its layers icon */
/** @typedef {{ name: string, count: string, icon: string | undefined }} ChildRow a row one level below another */

/** Enough papers for two levels of themes (the grouping nests from 3,000 on). */
const PAPERS = 4000;

/**
 * @param {Page} page
 * @param {number} level
 */
const rowsAt = (page, level) => page.locator(`.pane-body [role="treeitem"][aria-level="${level}"]`);
/** @param {string} name */
const exactly = (name) => new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
/**
 * The row at `level` whose name is exactly `name`.
 * @param {Page} page
 * @param {number} level
 * @param {string} name
 */
export const rowNamed = (page, level, name) =>
  rowsAt(page, level)
    .filter({ has: page.locator('.label-name', { hasText: exactly(name) }) })
    .first();
/** @param {Locator} row */
const nameOf = async (row) => (await row.locator('.label-name').innerText()).trim();
/** @param {Locator} row */
const countOf = async (row) => Number((await row.locator('.label-description').innerText()).trim());

/**
 * The rows one level below `row`, as name and count (the tree is flat in the DOM, with aria-level).
 * @param {Locator} row
 * @returns {Promise<ChildRow[]>}
 */
export function childrenOf(row) {
  return row.evaluate((/** @type {Element} */ el) => {
    const level = Number(el.getAttribute('aria-level'));
    const out = [];
    for (let next = el.nextElementSibling; next; next = next.nextElementSibling) {
      const at = Number(next.getAttribute('aria-level'));
      if (at <= level) break;
      if (at === level + 1)
        out.push({
          name: next.querySelector('.label-name')?.textContent.trim(),
          count: next.querySelector('.label-description')?.textContent.trim(),
          icon: [...(next.querySelector('.custom-view-tree-node-item-icon')?.classList ?? [])].find((c) =>
            c.startsWith('codicon-'),
          ),
        });
    }
    return out;
  });
}

/**
 * Clicks a row until it is expanded (a click on a row the tree redraws meanwhile can be lost).
 * @param {Locator} row
 */
async function expand(row) {
  await waitFor(
    'the row expanded',
    async () => {
      if ((await row.getAttribute('aria-expanded')) === 'true') return true;
      await row.click({ timeout: 5000 }).catch(() => undefined);
      await sleep(500);
      return (await row.getAttribute('aria-expanded')) === 'true';
    },
    30_000,
  );
}

/** @param {string} workspace */
function corrections(workspace) {
  const file = join(workspace, '.papers', 'themes.json');
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
}

/**
 * Opens the Papers view and waits (up to `timeout` ms) for the first analysis's broad themes.
 * @param {Page} page
 * @param {number} timeout
 */
export async function showBroadThemes(page, timeout) {
  await page.locator('.activitybar a.action-label[aria-label^="Papers"]').click({ timeout: 60_000 });
  await waitFor(
    'the broad themes',
    async () => (await page.locator('.pane-body .codicon-layers').count()) >= 2,
    timeout,
  );
}

/**
 * Checks the broad themes at the top: each with the layers icon and a count, the counts adding up to the library.
 * @param {Page} page
 * @returns {Promise<TopRow[]>}
 */
async function checkBroadThemes(page) {
  const top = page.locator(GROUP_ROWS);
  const rows = [];
  for (let i = 0; i < (await top.count()); i++) {
    const row = top.nth(i);
    rows.push({
      name: await nameOf(row),
      count: await countOf(row),
      broad: await row.locator('.codicon-layers').count(),
    });
  }
  const total = rows.reduce((n, r) => n + r.count, 0);
  if (total !== PAPERS) throw new Error(`the theme counts add up to ${total}, not ${PAPERS}: ${JSON.stringify(rows)}`);
  if (rows.filter((r) => r.broad).length < 2)
    throw new Error(`fewer than two broad themes at the top: ${JSON.stringify(rows)}`);
  return rows;
}

/**
 * Drags the sidebar's edge to `width` pixels: long theme labels and their counts fit in the screenshots.
 * @param {Page} page
 * @param {number} width
 */
export async function widenSidebar(page, width) {
  const box = await page.locator('.part.sidebar').boundingBox();
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + box.width, y);
  await page.mouse.down();
  await page.mouse.move(box.x + width, y, { steps: 8 });
  await page.mouse.up();
  await page.mouse.move(900, 600); // no hover over the tree
}

/**
 * Opens a broad theme, checks its subthemes' counts and icons, then opens its first subtheme; returns the subthemes.
 * @param {Page} page
 * @param {(name: string) => Promise<string>} shot
 * @param {TopRow} broad
 */
async function openBroadTheme(page, shot, broad) {
  const broadRow = rowNamed(page, 1, broad.name);
  await broadRow.hover();
  const hover = page.locator('.monaco-hover, .workbench-hover').filter({ hasText: 'subtheme' }).first();
  await hover.waitFor({ state: 'visible', timeout: 15_000 });
  const tip = (await hover.innerText()).trim();
  // a broad theme that is an arXiv field gives its code after its name
  if (
    !new RegExp(
      `^${escapeRegExp(broad.name)}(?: \\(arXiv [\\w.-]+\\))?: ${broad.count} papers in \\d+ subthemes?$`,
    ).test(tip)
  )
    throw new Error(`the broad theme's tooltip says "${tip}"`);
  await shot('broad-theme-tooltip');
  await page.mouse.move(900, 600);

  await expand(broadRow);
  await waitFor('its subthemes', async () => (await childrenOf(broadRow)).length >= 2);
  await sleep(300);
  const subthemes = await childrenOf(broadRow);
  const under = subthemes.reduce((n, s) => n + Number(s.count), 0);
  if (under !== broad.count)
    throw new Error(`the subthemes of "${broad.name}" hold ${under} papers, it says ${broad.count}`);
  if (subthemes.some((s) => s.icon !== 'codicon-symbol-namespace'))
    throw new Error(`a subtheme without the theme icon: ${JSON.stringify(subthemes)}`);
  await shot('subthemes');

  const sub = subthemes[0];
  const subRow = rowNamed(page, 2, sub.name);
  await expand(subRow);
  await waitFor('its papers', async () => (await childrenOf(subRow)).length > 0);
  await sleep(300);
  const papers = await childrenOf(subRow);
  if (papers.length > Number(sub.count))
    throw new Error(`"${sub.name}" lists ${papers.length} papers, it says ${sub.count}`);
  await shot('subtheme-papers');
  await subRow.click(); // collapsed again: the other subthemes are in view
  await waitFor('the subtheme collapsed', async () => (await subRow.getAttribute('aria-expanded')) === 'false');
  return subthemes;
}

/**
 * Renames a subtheme from its context menu (after a look at a broad theme's menu); checks it keeps its place.
 * @param {Page} page
 * @param {(name: string) => Promise<string>} shot
 * @param {string} workspace
 * @param {TopRow} broad
 * @param {ChildRow} target
 * @param {string} renamed
 */
async function renameSubtheme(page, shot, workspace, broad, target, renamed) {
  await rowNamed(page, 1, broad.name).click({ button: 'right' });
  await page.locator('.monaco-menu .action-item', { hasText: 'New Subtheme' }).first().waitFor({ state: 'visible' });
  await sleep(500); // the menu fades in
  await shot('broad-theme-menu');
  await page.keyboard.press('Escape');
  const input = await promptFromContextMenu(page, () => rowNamed(page, 2, target.name), 'Rename Theme');
  await input.fill(renamed);
  await page.keyboard.press('Enter');
  await rowNamed(page, 2, renamed).waitFor({ state: 'visible', timeout: 30_000 });
  await waitFor('the rename stored', () => Object.values(corrections(workspace)?.renames ?? {}).includes(renamed));
  const after = await childrenOf(rowNamed(page, 1, broad.name));
  const mine = after.find((s) => s.name === renamed);
  if (!mine || mine.count !== target.count)
    throw new Error(`after the rename, "${broad.name}" holds ${JSON.stringify(after)}`);
  await page.mouse.move(900, 600);
  await sleep(300);
  await shot('subtheme-renamed');
  return after;
}

/**
 * Reloads the window with the restore held before the papers are decoded: the cached themes show nested as
 * before (the rename applied), a broad theme opens to its subthemes at once; then the papers come.
 * @param {import('../../types.js').ScenarioContext} ui
 * @param {TopRow[]} top
 * @param {TopRow} broad
 * @param {ChildRow[]} subthemes
 */
async function checkOutline({ page, shot, server, holdAnalysisFile }, top, broad, subthemes) {
  /** @param {number} since */
  const logSince = (since) => readFileSync(papersLog(server.pid, since) ?? '/dev/null', 'utf8');
  const reloaded = await reloadHeld(page, holdAnalysisFile, 'held by the two-level tree scenario');
  await waitFor(
    'the outline shown',
    async () => /showing the \d+ themes of \d+ cached papers/.test(logSince(reloaded)),
    60_000,
  );
  await waitFor(
    'the broad themes of the outline',
    async () => (await page.locator('.pane-body .codicon-layers').count()) >= 2,
  );
  if (/loaded \d+ papers/.test(logSince(reloaded))) throw new Error('the papers were loaded while the decode was held');
  const outline = await checkBroadThemes(page);
  if (JSON.stringify(outline) !== JSON.stringify(top))
    throw new Error(`the outline shows ${JSON.stringify(outline)}, the analysis showed ${JSON.stringify(top)}`);
  const broadRow = rowNamed(page, 1, broad.name);
  await expand(broadRow);
  await waitFor('its subthemes from the outline', async () => (await childrenOf(broadRow)).length >= 2);
  const nested = await childrenOf(broadRow);
  if (JSON.stringify(nested) !== JSON.stringify(subthemes))
    throw new Error(`the outline's subthemes are ${JSON.stringify(nested)}, before ${JSON.stringify(subthemes)}`);
  await page.mouse.move(900, 600);
  await sleep(300);
  await shot('outline-subthemes');
  rmSync(holdAnalysisFile);
  await waitFor('the restored analysis', async () => /loaded \d+ papers/.test(logSince(reloaded)), 60_000);
}

/** @type {import('../../types.js').Scenario[]} */
export const scenarios = [
  {
    name: 'a large library shows broad themes, their subthemes and papers; a subtheme is renamed from its menu',
    prepare: (workspace) => prepareLibrary(workspace, PAPERS),
    async run(ui) {
      const { page, shot, workspace, server } = ui;
      const started = Date.now();
      // the first analysis of 4,000 papers: the broad themes come when it is done
      await showBroadThemes(page, 240_000);
      await widenSidebar(page, 480);
      const top = await checkBroadThemes(page);
      await sleep(500);
      await shot('broad-themes');
      const broad = /** @type {TopRow} */ (top.find((r) => r.broad)); // checkBroadThemes saw two or more
      const subthemes = await openBroadTheme(page, shot, broad);
      const renamed = await renameSubtheme(page, shot, workspace, broad, subthemes[1], 'My reading list');
      // the analysis must be in the cache before the reload restores it
      await waitFor(
        'the analysis cached',
        async () => /cached the analysis/.test(readFileSync(papersLog(server.pid, started) ?? '/dev/null', 'utf8')),
        60_000,
      );
      await checkOutline(ui, top, broad, renamed);
    },
  },
];
