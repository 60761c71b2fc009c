// The morning pass from Search Papers…: j and k walk the results in the order the search lists them, the tree's
// selection following the paper shown, and at the last result the view says so. The view's other keys act on the
// paper shown: l links the code selected in the editor beside it (the link file names the paper and the lines),
// o asks VS Code to open the paper's arXiv page (its prompt is where the scenario stops: nothing is fetched), and n
// opens the paper's notes in the other editor group, beside the view.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expectExternalOpen, openFile, paperView, selectLines } from '../editorSteps.mjs';
import { shownId, stepKey, treeFollows } from '../triageSteps.mjs';
import { GROUP_ROWS, sleep, waitFor } from '../workbench.mjs';

/** @typedef {import('../../types.js').Page} Page */

/**
 * A small library whose word "kite" five papers share (the search's results) and three do not; each has an arXiv
 * id, so `o` has a page to open. Written here, for this scenario.
 */
const KITE_DAY = [
  ['2402.00101', 'KiteFold: Folding Kites with Robot Arms', 'A robot arm folds a paper kite along learned creases.'],
  ['2402.00102', 'Kite Tails Stabilize Flight', 'We measure how a kite tail damps oscillation in gusty wind.'],
  ['2402.00103', 'Counting Kites over Beaches', 'A detector counts kites in drone images of crowded beaches.'],
  ['2402.00104', 'Kite Power at Sea', 'Tethered kites pull cargo ships; we estimate the fuel a kite saves.'],
  ['2402.00105', 'Simulating Kite Lines', 'A cable model simulates kite lines under load and predicts breaks.'],
  ['2402.00201', 'Tide Pool Temperatures', 'Graph networks forecast tide pool temperatures from sparse sensors.'],
  ['2402.00202', 'Bees Count to Four', 'Honey bees choose the fourth landmark in a tunnel after training.'],
  ['2402.00203', 'Sparse Attention at Scale', 'Sparse attention reduces memory from quadratic to linear in length.'],
].map(([id, title, abstract]) => ({ id, title, abstract, categories: 'cs.RO' }));

const FOLD_PY = `def crease(paper, angle):
    return paper.fold(angle)


def fold_kite(paper):
    for angle in (45, 90, 45):
        paper = crease(paper, angle)
    return paper
`;

/**
 * The editor group (0-based, in the workbench's order) holding a tab whose label starts with `tabLabelStart`; -1
 * when none does.
 * @param {Page} page
 * @param {string} tabLabelStart
 */
const groupOfTab = (page, tabLabelStart) =>
  page.evaluate((/** @type {string} */ start) => {
    const groups = [...document.querySelectorAll('.editor-group-container')];
    return groups.findIndex((g) =>
      [...g.querySelectorAll('.tabs-container .tab')].some((t) =>
        (t.getAttribute('aria-label') ?? '').startsWith(start),
      ),
    );
  }, tabLabelStart);

/** @type {import('../../types.js').Scenario[]} */
export const scenarios = [
  {
    name: "triage: j/k through a search's results, the tree following; l links code, o asks to open the page, n opens notes beside",
    prepare(workspace) {
      mkdirSync(join(workspace, 'papers'), { recursive: true });
      writeFileSync(join(workspace, 'papers', 'kites.jsonl'), KITE_DAY.map((r) => JSON.stringify(r)).join('\n') + '\n');
      mkdirSync(join(workspace, 'src'), { recursive: true });
      writeFileSync(join(workspace, 'src', 'fold.py'), FOLD_PY);
      mkdirSync(join(workspace, '.vscode'), { recursive: true });
      writeFileSync(
        join(workspace, '.vscode', 'settings.json'),
        `${JSON.stringify({ 'papers.collections': ['papers/kites.jsonl'] }, null, 2)}\n`,
      );
    },
    async run({ page, runCommand, shot, workspace }) {
      await page.locator('.activitybar a.action-label[aria-label^="Papers"]').click({ timeout: 60_000 });
      await page.locator(GROUP_ROWS).first().waitFor({ state: 'visible', timeout: 90_000 });
      await waitFor(
        'the library analyzed',
        async () => /Papers \d+\/8 read/.test(await page.locator('.statusbar').innerText()),
        90_000,
      );
      // code selected in an editor: the view opens beside it, so `l` has a selection to link
      await openFile(page, runCommand, 'fold.py');
      await page.locator('.monaco-editor .view-lines').first().click();
      await selectLines(page, runCommand, 5, 8);

      // the search's results, in the order it lists them
      await runCommand('Papers: Search Papers…');
      const input = page.locator('.quick-input-widget input.input');
      await input.waitFor({ state: 'visible' });
      await input.pressSequentially('kite', { delay: 30 });
      const rows = page.locator('.quick-input-list .monaco-list-row');
      const kites = KITE_DAY.filter((p) => /kite/i.test(p.title + p.abstract)).map((p) => p.title);
      await waitFor('the search results', async () => (await rows.count()) === kites.length);
      /** @type {string[]} */
      const order = [];
      for (let i = 0; i < kites.length; i++) {
        const label = (await rows.nth(i).getAttribute('aria-label')) ?? '';
        const title = kites.find((t) => label.startsWith(t));
        if (!title) throw new Error(`search row ${i + 1} is "${label}", not one of the kite papers`);
        order.push(title);
      }
      await page.keyboard.press('Enter');

      const view = paperView(page);
      await view.locator('#list-place').waitFor({ state: 'visible', timeout: 30_000 });
      const place = (await view.locator('#list-place').innerText()).trim();
      if (place !== `1 of ${kites.length} · Search "kite"`) throw new Error(`the view's place says "${place}"`);
      const shownTitle = async () => (await view.locator('article').evaluate(() => document.title)).trim();
      if ((await shownTitle()) !== order[0]) throw new Error(`opened "${await shownTitle()}", not "${order[0]}"`);
      await view.locator('h1').focus();
      await treeFollows(page, view, 'the open from the search');

      // j walks the results in the search's order to the last, which says so; k walks back
      for (let i = 1; i < order.length; i++) {
        await stepKey(page, view, 'j', await shownId(view));
        if ((await shownTitle()) !== order[i])
          throw new Error(`j ${i} showed "${await shownTitle()}", not "${order[i]}"`);
        await treeFollows(page, view, `result ${i + 1}`);
      }
      const lastId = await shownId(view);
      await page.keyboard.press('j');
      await waitFor('the last-result notice', async () =>
        /last paper of Search "kite": there is no next one/.test(await view.locator('#list-edge').innerText()),
      );
      if ((await shownId(view)) !== lastId) throw new Error('"next" at the last result left it');
      await shot('search-results-last');
      for (const i of [order.length - 2, order.length - 3]) {
        await stepKey(page, view, 'k', await shownId(view));
        if ((await shownTitle()) !== order[i]) throw new Error(`k showed "${await shownTitle()}", not "${order[i]}"`);
        await treeFollows(page, view, `back to result ${i + 1}`);
      }
      const paperId = await shownId(view);
      const title = await shownTitle();

      // l: the link command, for the paper shown and the lines selected in fold.py beside it, named in its prompt
      await page.keyboard.press('l');
      await waitFor('the link note prompt', async () =>
        (
          await page
            .locator('.quick-input-widget')
            .innerText()
            .catch(() => '')
        ).includes(`Link “${title}” to src/fold.py:5-8`),
      );
      await input.fill('the folds of the paper');
      await page.keyboard.press('Enter');
      const linksDir = join(workspace, '.papers', 'links');
      const link = await waitFor('the link file', () => {
        try {
          const name = readdirSync(linksDir).find((n) => n.endsWith('.json'));
          return name && JSON.parse(readFileSync(join(linksDir, name), 'utf8'))[0];
        } catch {
          return undefined;
        }
      });
      if (link.paper !== paperId || link.file !== 'src/fold.py' || link.range.startLine !== 4)
        throw new Error(`l linked ${JSON.stringify(link)}, expected ${paperId} to src/fold.py from line 5`);
      await view
        .locator('#paper-links')
        .getByText('src/fold.py:5-8')
        .first()
        .waitFor({ state: 'visible', timeout: 15_000 });

      // o: VS Code is asked to open the paper's arXiv page (its prompt, or a new page, is where the scenario stops)
      await view.locator('h1').focus();
      const arxiv = KITE_DAY.find((p) => p.title === title)?.id;
      await expectExternalOpen(
        page,
        () => page.keyboard.press('o'),
        `https://arxiv.org/abs/${arxiv}`,
        () => shot('o-open-page-prompt'),
      );

      // n: the notes file, made and opened in the other editor group, beside the view
      await view.locator('h1').focus();
      await page.keyboard.press('n');
      const notesDir = join(workspace, 'notes');
      const notes = await waitFor(
        'the notes file',
        () => existsSync(notesDir) && readdirSync(notesDir).find((f) => f.endsWith('.md')),
      );
      if (!readFileSync(join(notesDir, notes), 'utf8').includes(title))
        throw new Error(`the notes file ${notes} is not the notes of "${title}"`);
      await page.locator(`.tabs-container .tab[aria-label^="${notes}"]`).first().waitFor({ state: 'visible' });
      const notesGroup = await groupOfTab(page, notes);
      const viewGroup = await groupOfTab(page, title);
      if (notesGroup < 0 || viewGroup < 0 || notesGroup === viewGroup)
        throw new Error(`the notes are in editor group ${notesGroup}, the view in ${viewGroup}: not beside it`);
      if ((await shownId(view)) !== paperId) throw new Error('opening the notes changed the paper shown');
      await sleep(500);
      await shot('n-notes-beside');
    },
  },
];
