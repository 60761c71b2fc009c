// Regroup Themes as a view: a library of one seed dump grown by the two others, in parts each under a quarter of the
// library (a larger batch groups a small library afresh, core/analysis/growthRegroup.ts): two thirds of it arrived
// since the themes were grouped, so the tree suggests a regroup with a row above the themes. A click on that row opens the
// preview in the panel; it is scrolled to its last change (screenshot), that change is opened on the papers it
// moves, one of them opened, then Apply in the view's title bar: the tree shows the fresh grouping, without the row.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { GROUP_ROWS, sleep, themesShown, waitFor } from '../workbench.mjs';

const SEEDS = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..', 'seeds');
const seedFiles = () =>
  readdirSync(SEEDS)
    .filter((f) => f.endsWith('.txt'))
    .sort();

/**
 * The first seed dump, then the abstracts of the other two in parts of a quarter of the library's lines so far: each
 * part is under a quarter of the library it joins. As Daily Papers files.
 */
const seedDays = () => {
  const abstracts = seedFiles().map((f) =>
    readFileSync(join(SEEDS, f), 'utf8')
      .split('\n')
      .slice(1)
      .filter((l) => l.trim() !== ''),
  );
  const parts = [abstracts[0]];
  const rest = abstracts.slice(1).flat();
  for (let lines = abstracts[0].length; rest.length > 0; lines += parts[parts.length - 1].length)
    parts.push(rest.splice(0, Math.floor(lines / 4)));
  return parts.map((lines) => `Daily Papers\n\n${lines.join('\n')}\n`);
};

const PANEL = '.part.panel';
/** The rows of the regroup preview (the panel's tree). */
export const previewRows = (/** @type {import('../../types.js').Page} */ page) =>
  page.locator(`${PANEL} [role="treeitem"]`);
/** The row at the top of the Papers tree that suggests a regroup. */
export const adviceRow = (/** @type {import('../../types.js').Page} */ page) =>
  page.locator('.part.sidebar [role="treeitem"]', { hasText: 'Regroup Themes…' }).first();

/**
 * Waits for the preview's rows (after Regroup Themes… or a click on the advice row); returns its message.
 * @param {import('../../types.js').Page} page
 */
export async function previewShown(page) {
  await previewRows(page).first().waitFor({ state: 'visible', timeout: 120_000 });
  const message = page.locator(`${PANEL} .message`).first();
  await message.waitFor({ state: 'visible', timeout: 15_000 });
  return (await message.innerText()).trim();
}

/**
 * Clicks an action of the preview's title bar ("Apply Regroup", "Cancel Regroup") and waits for the view to go.
 * @param {import('../../types.js').Page} page
 * @param {string} label
 */
export async function previewAction(page, label) {
  await page.locator(`${PANEL} .title-actions .action-label[aria-label^="${label}"]`).first().click();
  await previewRows(page).first().waitFor({ state: 'hidden', timeout: 60_000 });
}

/**
 * Sets papers.collections to the first `n` days of the daily folder.
 * @param {string} workspace
 * @param {number} n
 */
function collectDays(workspace, n) {
  mkdirSync(join(workspace, '.vscode'), { recursive: true });
  const days = Array.from({ length: n }, (_, i) => `daily/day${i + 1}.txt`);
  writeFileSync(
    join(workspace, '.vscode', 'settings.json'),
    `${JSON.stringify({ 'papers.collections': days }, null, 2)}\n`,
  );
}

/**
 * The papers in the library as the status bar counts them ("Papers 0/240 read"), 0 before.
 * @param {import('../../types.js').Page} page
 */
async function libraryCount(page) {
  const text = (await page.locator('.statusbar').innerText()).replace(/,/g, '');
  return Number(/Papers \d+\/(\d+) read/.exec(text)?.[1] ?? 0);
}

/**
 * Opens a row of the preview, clicking it again when a click was lost (the tree redrawing).
 * @param {import('../../types.js').Locator} row
 */
async function expand(row) {
  await waitFor('the row open', async () => {
    if ((await row.getAttribute('aria-expanded')) === 'true') return true;
    await row.click({ timeout: 5000 }).catch(() => undefined);
    await sleep(400);
    return (await row.getAttribute('aria-expanded')) === 'true';
  });
}

/** @type {import('../../types.js').Scenario[]} */
export const scenarios = [
  {
    name: 'regroup view: the advice row opens the preview, scrolled to its last change, opened, applied',
    prepare(workspace) {
      mkdirSync(join(workspace, 'daily'), { recursive: true });
      seedDays().forEach((text, i) => writeFileSync(join(workspace, 'daily', `day${i + 1}.txt`), text));
      collectDays(workspace, 1);
    },
    async run({ page, shot, workspace }) {
      await page.locator('.activitybar a.action-label[aria-label^="Papers"]').click({ timeout: 60_000 });
      await page.locator(GROUP_ROWS).first().waitFor({ state: 'visible', timeout: 90_000 });
      await waitFor('day 1 in the library', async () => (await libraryCount(page)) > 0, 90_000);
      await sleep(1500);
      // two more days join the themes grouped on the first, one after the other (a load that more than doubles
      // the library is analyzed afresh, and a fresh grouping suggests nothing): two thirds of the library arrive
      // since. They join by the setting, the files all there from the start: no file watcher's late event reloads
      // the library while the preview is open.
      for (let n = 2; n <= seedDays().length; n++) {
        const before = await libraryCount(page);
        collectDays(workspace, n);
        await waitFor(`day ${n} in the library`, async () => (await libraryCount(page)) > before, 90_000);
      }
      await adviceRow(page).waitFor({ state: 'visible', timeout: 90_000 });
      const advice = (await adviceRow(page).getAttribute('aria-label')) ?? '';
      if (!/Regroup Themes suggested: .* of the library arrived since the themes were last grouped/.test(advice))
        throw new Error(`the advice row says "${advice}"`);
      await sleep(1000);
      await shot('advice-row');
      const grown = await themesShown(page);

      await adviceRow(page).click();
      const message = await previewShown(page);
      if (!/papers? would move|No paper would move/.test(message)) throw new Error(`the preview says "${message}"`);
      await sleep(800);
      await shot('preview');

      // the last change: End in the tree scrolls to its last row (the sections are open, the changes closed)
      // a click on the first section focuses the tree and closes the section: the right arrow opens it again
      await previewRows(page).first().click();
      await page.keyboard.press('ArrowRight');
      await waitFor(
        'the first section open',
        async () => (await previewRows(page).first().getAttribute('aria-expanded')) === 'true',
      );
      await page.keyboard.press('End');
      const last = page.locator(`${PANEL} [role="treeitem"].focused`).first();
      await waitFor('the last row focused', async () => (await last.count()) === 1);
      const level = await last.getAttribute('aria-level');
      if (level !== '2') throw new Error(`the last row is at level ${level}, not a change`);
      await page.mouse.move(800, 300); // no hover over the rows
      await sleep(600);
      await shot('scrolled-to-last-change');

      // opened: where its papers go (or come from), then the papers of the first of those
      // (the last change stays the last row at its level: its flows and papers come below it)
      await expand(page.locator(`${PANEL} [role="treeitem"][aria-level="2"]`).last());
      // the rows below the view are not drawn: the focus moves down to them, which scrolls them in
      await page.keyboard.press('ArrowDown');
      const flow = page.locator(`${PANEL} [role="treeitem"][aria-level="3"]`).first();
      await flow.waitFor({ state: 'visible', timeout: 15_000 });
      await page.keyboard.press('ArrowRight');
      await waitFor('the flow open', async () => (await flow.getAttribute('aria-expanded')) === 'true');
      // down to its papers, so that they are in view
      for (let i = 0; i < 2; i++) await page.keyboard.press('ArrowDown');
      const paper = page.locator(`${PANEL} [role="treeitem"][aria-level="4"]`).first();
      await paper.waitFor({ state: 'visible', timeout: 15_000 });
      await page.mouse.move(800, 300);
      await sleep(600);
      await shot('last-change-opened');
      const title = (await paper.locator('.label-name').innerText()).trim();
      await paper.click();
      const tab = page.locator('.tabs-container .tab', { hasText: title.slice(0, 20) });
      await tab.first().waitFor({ state: 'visible', timeout: 30_000 });

      await previewAction(page, 'Apply Regroup');
      await waitFor(
        'the fresh grouping in the tree',
        async () => JSON.stringify(await themesShown(page)) !== JSON.stringify(grown),
        60_000,
      );
      await adviceRow(page).waitFor({ state: 'hidden', timeout: 30_000 });
      if (await page.locator(`${PANEL}`).isVisible()) throw new Error('the panel stayed open after Apply');
      await sleep(800);
      await shot('applied');
    },
  },
];
