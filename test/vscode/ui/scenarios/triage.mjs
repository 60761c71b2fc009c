// The morning pass with the keyboard alone: a library of two seed dumps in `daily/`, the third dump saved there (240
// papers in New); the first paper of New opened from the tree, then 50 papers triaged by keys pressed in the paper
// view (star, not interested, seen and next, next, previous). Every mark is then read back from `.papers/papers/`,
// papers only stepped over must have none, New must have lost exactly the papers marked seen, and after every step
// the tree's selection must be the paper shown. The time from a key to the next paper shown is logged (not asserted).
// The keys n, l and o and a pass through a search's results: triageSearch.mjs.
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { paperView } from '../editorSteps.mjs';
import { selectedRow, shownId, stepKey, treeFollows } from '../triageSteps.mjs';
import { GROUP_ROWS, sleep, waitFor } from '../workbench.mjs';

/** @typedef {import('../../types.js').Page} Page */
/** @typedef {import('../../types.js').FrameLocator} FrameLocator */
/** @typedef {{ read?: boolean, starred?: boolean, notInterested?: boolean }} Marks */

const SEEDS = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..', 'seeds');
const seedFiles = () =>
  readdirSync(SEEDS)
    .filter((f) => f.endsWith('.txt'))
    .sort();
const PAPERS = 50;

/** @param {Page} page */
const newRow = (page) => page.getByRole('treeitem', { name: /^New,/ }).first();
/** @param {Page} page */
const newCount = async (page) =>
  Number(/(\d+) new papers?/.exec((await newRow(page).getAttribute('aria-label')) ?? '')?.[1]);

/**
 * What the reader does on the i-th paper of the pass, as keys: a mix of every decision, some papers only stepped
 * over (they must keep no mark), and a step back. Each entry: the keys, then the marks the paper must end with.
 * @param {number} i
 * @returns {{ keys: string[], marks: Marks }}
 */
function plan(i) {
  switch (i % 6) {
    case 0:
      return { keys: ['s', 'e'], marks: { starred: true, read: true } };
    case 1:
      return { keys: ['x', 'j'], marks: { notInterested: true } };
    case 2:
      return { keys: ['e'], marks: { read: true } };
    case 3:
      return { keys: ['j'], marks: {} };
    case 4:
      // a step forward and back, then the decision
      return { keys: ['j', 'k', 'e'], marks: { read: true } };
    default:
      return { keys: ['s', 'x', 'e'], marks: { starred: true, notInterested: true, read: true } };
  }
}

/**
 * Presses a key that marks the paper shown, and waits until its button says the mark is there.
 * @param {Page} page
 * @param {FrameLocator} view
 * @param {'s' | 'x'} key
 */
async function markKey(page, view, key) {
  const action = { s: 'toggleStar', x: 'toggleNotInterested' }[key];
  const want = { s: '★ Unstar', x: 'Interested again' }[key];
  await page.keyboard.press(key);
  await waitFor(`the ${action} mark`, async () => {
    const text = await view.locator(`button[data-action="${action}"]`).innerText({ timeout: 2000 });
    return text.trim() === want;
  });
}

/** @param {number[]} xs */
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** @type {import('../../types.js').Scenario[]} */
export const scenarios = [
  {
    name: 'triage: 50 papers of a day triaged from the keyboard, every mark in .papers/, the tree following',
    prepare(workspace) {
      mkdirSync(join(workspace, 'daily'), { recursive: true });
      for (const [i, f] of seedFiles().slice(0, 2).entries())
        copyFileSync(join(SEEDS, f), join(workspace, 'daily', `day${i + 1}.txt`));
      mkdirSync(join(workspace, '.vscode'), { recursive: true });
      writeFileSync(
        join(workspace, '.vscode', 'settings.json'),
        `${JSON.stringify({ 'papers.collections': ['daily/*.txt'] }, null, 2)}\n`,
      );
    },
    async run({ page, runCommand, shot, workspace }) {
      const say = (/** @type {string} */ m) => console.log(`      ${m}`);
      await page.locator('.activitybar a.action-label[aria-label^="Papers"]').click({ timeout: 60_000 });
      await page.locator(GROUP_ROWS).first().waitFor({ state: 'visible', timeout: 90_000 });
      // the first two days analyzed (the status bar counts them) before the third arrives: a day saved while the
      // first analysis runs joins it, and nothing is new
      await waitFor(
        'the first two days analyzed',
        async () => /Papers \d+\/235 read/.test(await page.locator('.statusbar').innerText()),
        90_000,
      );
      await sleep(1500);
      copyFileSync(join(SEEDS, seedFiles()[2]), join(workspace, 'daily', 'day3.txt'));
      await newRow(page).waitFor({ state: 'visible', timeout: 90_000 });
      await sleep(800);
      const before = await newCount(page);
      if (!(before >= PAPERS + 10)) throw new Error(`New holds ${before} papers, fewer than the pass needs`);
      if ((await newRow(page).getAttribute('aria-expanded')) !== 'true') await newRow(page).click();

      // the first paper of the day, opened from the tree: the one click of the pass
      const first = page.locator('.pane-body [role="treeitem"][aria-level="2"]').first();
      await first.click();
      const view = paperView(page);
      await view.locator('#list-place').waitFor({ state: 'visible', timeout: 30_000 });
      const place = (await view.locator('#list-place').innerText()).trim();
      if (!/^1 of \d+ · New$/.test(place)) throw new Error(`the view's place says "${place}"`);
      const legend = await view.locator('#key-legend').innerText();
      for (const key of ['j next', 'k previous', 'e seen, next', 's star', 'x not interested', 'o open page'])
        if (!legend.includes(key)) throw new Error(`the key legend lacks "${key}": ${legend}`);
      // the keys go to the view from here on: nothing else is clicked
      await view.locator('h1').focus();
      await treeFollows(page, view, 'the open');

      // at the start of the list, "previous" says so and stays
      const firstId = await shownId(view);
      await page.keyboard.press('k');
      await waitFor('the first-paper notice', async () =>
        /first paper of New: there is no previous one/.test(await view.locator('#list-edge').innerText()),
      );
      if ((await shownId(view)) !== firstId) throw new Error('"previous" at the first paper left it');
      await shot('triage-first-paper-legend');

      const expected = new Map();
      const stepTimes = [];
      let id = firstId;
      for (let i = 0; i < PAPERS; i++) {
        const { keys, marks } = plan(i);
        // the paper opened from the tree was read by the open, as any open reads it
        expected.set(id, i === 0 ? { ...marks, read: true } : marks);
        for (const key of keys) {
          if (key === 's' || key === 'x') {
            await markKey(page, view, /** @type {'s' | 'x'} */ (key));
            continue;
          }
          const from = await shownId(view);
          stepTimes.push(await stepKey(page, view, key, from));
          await treeFollows(page, view, `paper ${i + 1}, key ${key}`);
        }
        id = await shownId(view);
        if (i === 20) await shot('triage-tree-follows');
      }
      say(
        `triage: key to the next paper shown, ${stepTimes.length} steps: median ${Math.round(median(stepTimes))} ms, ` +
          `max ${Math.round(Math.max(...stepTimes))} ms`,
      );

      // every mark, read back from the files
      await sleep(1500);
      const dir = join(workspace, '.papers', 'papers');
      const problems = [];
      for (const [paperId, marks] of expected) {
        const file = join(dir, `${paperId}.json`);
        const data = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
        for (const mark of ['read', 'starred', 'notInterested'])
          if ((data[mark] === true) !== (marks[mark] === true))
            problems.push(`${paperId}: ${mark} is ${data[mark] === true}, expected ${marks[mark] === true}`);
      }
      if (problems.length) throw new Error(`marks in .papers/papers/ differ:\n${problems.join('\n')}`);
      const seen = [...expected.values()].filter((m) => m.read).length;
      const starred = [...expected.values()].filter((m) => m.starred).length;
      const notInterested = [...expected.values()].filter((m) => m.notInterested).length;
      const untouched = [...expected.values()].filter((m) => !m.read && !m.starred && !m.notInterested).length;
      say(
        `triage: ${expected.size} papers: ${seen} seen, ${starred} starred, ${notInterested} not interested, ` +
          `${untouched} only stepped over`,
      );
      // New lost exactly the papers marked seen (the first one by its open)
      await waitFor('New without the papers seen', async () => (await newCount(page)) === before - seen, 15_000);
      await shot('triage-done');

      // the same keys in the sidebar, on its selected row (the paper the view shows): star, then seen and next
      const onRow = await shownId(view);
      await runCommand('Papers: Focus on Papers View');
      await waitFor('the tree focused', async () =>
        page.evaluate(() => !!document.activeElement?.closest('.pane-body .monaco-list')),
      );
      await page.keyboard.press('s');
      await waitFor('the row starred', async () => / starred/.test(await selectedRow(page)));
      await page.keyboard.press('e');
      await view.locator(`article[data-paper-id]:not([data-paper-id="${onRow}"])`).waitFor({ timeout: 15_000 });
      await treeFollows(page, view, 'the keys in the tree');
      await sleep(1000);
      const fromTree = JSON.parse(readFileSync(join(dir, `${onRow}.json`), 'utf8'));
      if (fromTree.starred !== true || fromTree.read !== true)
        throw new Error(`the tree's keys left ${onRow} as ${JSON.stringify(fromTree)}`);
      const stillTree = await page.evaluate(() => !!document.activeElement?.closest('.pane-body .monaco-list'));
      if (!stillTree) throw new Error('a step from the tree took the focus out of it');
      await shot('triage-from-tree');
    },
  },
];
