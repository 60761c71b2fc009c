// The daily stream as a reader lives it: a library of two seed dumps in a collection folder (`daily/*.txt`), the
// first 60 abstracts of the third saved into the folder (under a quarter of the library: a larger batch groups a
// small library afresh, core/analysis/growthRegroup.ts): its papers join the themes (the old themes keep their
// names) and show in New, with the count as the view's badge; `is:new` finds them; Mark All as Seen empties New.
// Then a theme renamed, and Regroup Themes…: the preview (a view in the panel), cancelled (nothing changes), then
// applied (the fresh grouping shows, the rename kept). A second window saves the whole third dump (a third of the
// library): the themes are grouped afresh, a notification says so with its numbers, and its Show New opens New.
import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { GROUP_ROWS, sleep, themesShown, waitFor } from '../workbench.mjs';
import { previewAction, previewShown } from './regroupView.mjs';
import { promptFromContextMenu } from './themes.mjs';
/** @typedef {import('../../types.js').Page} Page */
/** @typedef {import('../../types.js').Locator} Locator */

const SEEDS = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..', 'seeds');
const seedFiles = () =>
  readdirSync(SEEDS)
    .filter((f) => f.endsWith('.txt'))
    .sort();

/** @param {Page} page */
const topRows = (page) => page.locator(GROUP_ROWS);
/** @param {string} name */
const exactly = (name) => new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
/**
 * @param {Page} page
 * @param {string} name
 */
const themeRow = (page, name) =>
  topRows(page)
    .filter({ has: page.locator('.label-name', { hasText: exactly(name) }) })
    .first();
/** @param {Page} page */
const newRow = (page) => page.getByRole('treeitem', { name: /^New,/ }).first();

/**
 * Clicks a row until it is expanded or collapsed as asked (a click while the tree redraws can be lost).
 * @param {Locator} row
 * @param {boolean} open
 */
async function setExpanded(row, open) {
  await waitFor(`the row ${open ? 'expanded' : 'collapsed'}`, async () => {
    if ((await row.getAttribute('aria-expanded')) === String(open)) return true;
    await row.click({ timeout: 5000 }).catch(() => undefined);
    await sleep(400);
    return (await row.getAttribute('aria-expanded')) === String(open);
  });
}

/**
 * The view's badge on the activity bar's Papers icon, as text ('' when none).
 * @param {Page} page
 */
const badgeOf = async (page) =>
  (
    (await page
      .locator('.activitybar a.action-label[aria-label^="Papers"] ~ .badge')
      .first()
      .textContent()
      .catch(() => '')) ?? ''
  ).trim();

/**
 * Runs a palette command until `shows` resolves (a busy window can swallow a command).
 * @param {(title: string) => Promise<void>} runCommand
 * @param {Page} page
 * @param {string} label
 * @param {() => Promise<unknown>} shows
 */
async function runUntil(runCommand, page, label, shows) {
  for (let attempt = 1; ; attempt++) {
    await runCommand(label);
    if (
      await shows().then(
        () => true,
        () => false,
      )
    )
      return;
    if (attempt === 3) throw new Error(`"${label}" showed nothing`);
    await page.keyboard.press('Escape');
  }
}

/**
 * @param {Page} page
 * @param {(name: string) => Promise<string>} shot
 * @param {string} workspace
 */
async function dumpJoins(page, shot, workspace) {
  await page.locator('.activitybar a.action-label[aria-label^="Papers"]').click({ timeout: 60_000 });
  await topRows(page).first().waitFor({ state: 'visible', timeout: 90_000 });
  await waitFor('the themes of two dumps', async () => (await themesShown(page)).length >= 5, 60_000);
  await sleep(1000);
  const before = await themesShown(page);
  await shot('two-dumps');
  const third = readFileSync(join(SEEDS, seedFiles()[2]), 'utf8')
    .split('\n')
    .slice(1)
    .filter((l) => l.trim() !== '');
  writeFileSync(join(workspace, 'daily', 'day3.txt'), `Daily Papers\n\n${third.slice(0, 60).join('\n\n')}\n`);
  await newRow(page).waitFor({ state: 'visible', timeout: 60_000 });
  await sleep(800);
  await shot('dump-joined-new-open');
  await setExpanded(newRow(page), false); // the themes below it in view
  const after = await waitFor('the new papers in the themes', async () => {
    const now = await themesShown(page);
    const total = now.reduce((n, t) => n + t.count, 0);
    return total > before.reduce((n, t) => n + t.count, 0) && now;
  });
  for (const t of before) {
    const still = after.find((a) => a.name === t.name);
    if (!still || still.count < t.count) throw new Error(`the theme "${t.name}" changed: ${JSON.stringify(after)}`);
  }
  const label = await newRow(page).getAttribute('aria-label');
  const count = Number(/(\d+) new papers?/.exec(label ?? '')?.[1]);
  if (!(count > 30)) throw new Error(`New says "${label}"`);
  const badge = await waitFor('the badge', async () => (await badgeOf(page)) || false);
  if (Number(badge) !== count) throw new Error(`the badge says ${badge}, New says ${count}`);
  await sleep(600);
  await shot('dump-joined-themes');
  return { count, themes: after };
}

/**
 * @param {Page} page
 * @param {(title: string) => Promise<void>} runCommand
 * @param {(name: string) => Promise<string>} shot
 * @param {number} count
 */
async function searchNew(page, runCommand, shot, count) {
  const input = page.locator('.quick-input-widget input.input');
  const title = page.locator('.quick-input-widget .quick-input-title', { hasText: 'Search Papers' });
  await runUntil(runCommand, page, 'Papers: Search Papers…', () =>
    title.waitFor({ state: 'visible', timeout: 15_000 }),
  );
  await input.fill('is:new');
  const rows = page.locator('.quick-input-list .monaco-list-row');
  await waitFor('new papers found', async () => (await rows.count()) >= 5);
  await page.mouse.move(1100, 650);
  await sleep(400);
  await shot('search-is-new');
  await input.fill('is:new is:starred');
  // none new and starred: one row that says so
  await waitFor(
    'none new and starred',
    async () => (await rows.count()) === 1 && /No papers match/.test(await rows.first().innerText()),
  );
  await page.keyboard.press('Escape');
  if (!(count > 0)) throw new Error('no new papers to find');
}

/**
 * @param {Page} page
 * @param {(title: string) => Promise<void>} runCommand
 * @param {(name: string) => Promise<string>} shot
 */
async function markAllSeen(page, runCommand, shot) {
  await runCommand('Papers: Mark All as Seen');
  await waitFor('New gone', async () => (await page.getByRole('treeitem', { name: /^New,/ }).count()) === 0);
  await waitFor('the badge gone', async () => (await badgeOf(page)) === '');
  await sleep(500);
  await shot('all-seen');
}

/**
 * Regroup Themes…: waits for its preview (a view in the panel); answers with its title-bar action `action`.
 * @param {Page} page
 * @param {(title: string) => Promise<void>} runCommand
 * @param {(name: string) => Promise<string>} shot
 * @param {string} action
 * @param {string} name
 */
async function regroup(page, runCommand, shot, action, name) {
  let message = '';
  await runUntil(runCommand, page, 'Papers: Regroup Themes…', async () => {
    message = await previewShown(page);
  });
  if (!/papers? would move|No paper would move/.test(message)) throw new Error(`the preview says: ${message}`);
  await sleep(600);
  await shot(name);
  await previewAction(page, action);
}

/**
 * The workspace of both scenarios: the first two seed dumps in `daily/`, the collection `daily/*.txt`.
 * @param {string} workspace
 */
function twoDumps(workspace) {
  mkdirSync(join(workspace, 'daily'), { recursive: true });
  seedFiles()
    .slice(0, 2)
    .forEach((f, i) => copyFileSync(join(SEEDS, f), join(workspace, 'daily', `day${i + 1}.txt`)));
  mkdirSync(join(workspace, '.vscode'), { recursive: true });
  writeFileSync(
    join(workspace, '.vscode', 'settings.json'),
    `${JSON.stringify({ 'papers.collections': ['daily/*.txt'] }, null, 2)}\n`,
  );
}

/** @type {import('../../types.js').Scenario[]} */
export const scenarios = [
  {
    name: 'daily stream: a dump saved into the collection folder joins the themes and New; is:new; Mark All as Seen; Regroup Themes previewed, cancelled, applied',
    prepare: twoDumps,
    async run({ page, runCommand, shot, workspace }) {
      const { count, themes } = await dumpJoins(page, shot, workspace);
      await searchNew(page, runCommand, shot, count);
      await markAllSeen(page, runCommand, shot);

      const renamed = 'My reading list';
      const input = await promptFromContextMenu(page, () => themeRow(page, themes[0].name), 'Rename Theme');
      await input.fill(renamed);
      await page.keyboard.press('Enter');
      await themeRow(page, renamed).waitFor({ state: 'visible', timeout: 30_000 });
      const grown = await themesShown(page);

      await regroup(page, runCommand, shot, 'Cancel Regroup', 'regroup-preview');
      await sleep(1000);
      const kept = await themesShown(page);
      if (JSON.stringify(kept) !== JSON.stringify(grown))
        throw new Error(`Cancel changed the themes: ${JSON.stringify(kept)} against ${JSON.stringify(grown)}`);

      await regroup(page, runCommand, shot, 'Apply Regroup', 'regroup-apply');
      await waitFor(
        'the fresh grouping shown',
        async () => JSON.stringify(await themesShown(page)) !== JSON.stringify(grown),
        60_000,
      );
      await themeRow(page, renamed).waitFor({ state: 'visible', timeout: 30_000 });
      await sleep(800);
      await shot('regrouped');
    },
  },
  {
    name: 'daily stream: a dump of a third of a small library groups its themes afresh and says so; Show New opens New',
    prepare: twoDumps,
    async run({ page, shot, workspace }) {
      await page.locator('.activitybar a.action-label[aria-label^="Papers"]').click({ timeout: 60_000 });
      await waitFor('the themes of two dumps', async () => (await themesShown(page)).length >= 5, 90_000);
      await sleep(1000);
      copyFileSync(join(SEEDS, seedFiles()[2]), join(workspace, 'daily', 'day3.txt'));
      const toast = page.locator('.notifications-toasts .notification-toast', { hasText: 'grouped afresh' });
      await toast.waitFor({ state: 'visible', timeout: 90_000 });
      const text = (await toast.locator('.notification-list-item-message').innerText()).trim();
      const said =
        /^Papers: 105 new papers made up 31% of the library, so its themes were grouped afresh: \d+ of \d+ themes kept their names, (\d+ of 235 earlier papers|no earlier paper) changed theme\.$/;
      if (!said.test(text)) throw new Error(`the notification says: ${text}`);
      await sleep(600);
      await shot('grouped-afresh-notification');
      await toast.locator('.monaco-button', { hasText: 'Show New' }).click();
      await waitFor('New selected', async () => (await newRow(page).getAttribute('aria-selected')) === 'true');
      const label = (await newRow(page).getAttribute('aria-label')) ?? '';
      if (!/105 new papers/.test(label)) throw new Error(`New says "${label}"`);
      await sleep(600);
      await shot('show-new');
    },
  },
];
