// The paper view as the hub of a paper's links and tags: link the editor's selection from the view's button,
// see the link and the notes that mention the paper listed there, open both from the view, and add and
// remove a tag with the view's controls; then the link under the paper in the tree, fine and stale.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openFile, paperView, selectLines, sleep, waitFor } from '../editorSteps.mjs';
import { GROUP_ROWS } from '../workbench.mjs';
/** @typedef {import('../../types.js').Page} Page */

const CODE = `import numpy as np


def curriculum(tasks, rounds):
    order = np.argsort([t.difficulty for t in tasks])
    return [tasks[i] for i in order[:rounds]]


def evaluate(agent, tasks):
    return sum(agent.solve(t) for t in tasks) / len(tasks)
`;

/**
 * The tags in the paper's user data file; undefined before there is one.
 * @param {string} workspace
 * @param {string} paperId
 */
function storedTags(workspace, paperId) {
  try {
    return JSON.parse(readFileSync(join(workspace, '.papers', 'papers', `${paperId}.json`), 'utf8')).tags ?? [];
  } catch {
    return undefined;
  }
}

/** @param {Page} page */
const activeTab = (page) =>
  page.locator('.editor-group-container.active .tabs-container .tab.active').first().getAttribute('aria-label');

/**
 * Waits until some editor group shows `name` as its active tab, then makes sure that group has focus: a click in
 * the webview can hand focus back to the view's group after the editor opened, on a busy machine. The status bar's
 * cursor and selection are the focused editor's, so they are read only once it has focus.
 * @param {Page} page
 * @param {string} what
 * @param {string} name
 */
async function openedInSomeGroup(page, what, name) {
  const tab = page.locator('.editor-group-container .tabs-container .tab.active', { hasText: name }).first();
  await tab.waitFor({ state: 'visible', timeout: 30_000 }).catch(() => {
    throw new Error(`timed out waiting for ${what}`);
  });
  if (!((await activeTab(page)) ?? '').startsWith(name)) await tab.click();
  await waitFor(`${what} focused`, async () => ((await activeTab(page)) ?? '').startsWith(name));
}

/** @type {import('../../types.js').Scenario[]} */
export const scenarios = [
  {
    name: 'paper view: link the editor selection from the view, open the link and a backlink, add and remove a tag',
    async run({ page, runCommand, shot, workspace }) {
      mkdirSync(join(workspace, 'src'), { recursive: true });
      writeFileSync(join(workspace, 'src', 'curriculum.py'), CODE);
      mkdirSync(join(workspace, 'ideas'), { recursive: true });
      writeFileSync(join(workspace, 'ideas', 'reading.md'), '# Reading list\n\n');
      // The code first, in the first column: a paper opened next shows beside it (and writes no notes file).
      await openFile(page, runCommand, 'curriculum.py');
      await page.locator('.activitybar a.action-label[aria-label^="Papers"]').click({ timeout: 60_000 });
      await page.locator(GROUP_ROWS).first().waitFor({ state: 'visible', timeout: 90_000 });

      // Open a paper: the view goes beside the code.
      const input = page.locator('.quick-input-widget input.input');
      // Right after the tree fills, the palette can close before the command opens its quick pick: again.
      await waitFor(
        'the search quick pick',
        async () => {
          if (
            !(await runCommand('Papers: Search Papers…').then(
              () => true,
              () => false,
            ))
          )
            return false;
          return input.waitFor({ state: 'visible', timeout: 10_000 }).then(
            () => true,
            () => false,
          );
        },
        60_000,
      );
      await input.pressSequentially('EnvFactory', { delay: 30 });
      await page
        .locator('.quick-input-list .monaco-list-row', { hasText: 'EnvFactory' })
        .first()
        .waitFor({ state: 'visible' });
      await page.keyboard.press('Enter');
      const view = paperView(page);
      await view.locator('#paper-links').waitFor({ state: 'visible', timeout: 30_000 });
      await view.locator('#paper-links', { hasText: 'No code linked yet' }).waitFor({ state: 'visible' });
      const key = await view.locator('button[data-action="copyKey"]').getAttribute('title');
      // Opening the paper marked it read: its user data file names its id.
      const paperId = await waitFor('the paper marked read', () => {
        try {
          return readdirSync(join(workspace, '.papers', 'papers'))
            .find((n) => n.endsWith('.json'))
            ?.replace(/\.json$/, '');
        } catch {
          return undefined;
        }
      });

      // The code in the first column, lines 4-6 selected; then the view's button.
      await page.locator('.editor-group-container').first().locator('.monaco-editor .view-lines').first().click();
      await openFile(page, runCommand, 'curriculum.py');
      await page.locator('.editor-group-container.active .monaco-editor .view-lines').first().click();
      await selectLines(page, runCommand, 4, 6);
      await view.locator('button.link-selection').click();
      await input.waitFor({ state: 'visible' });
      await input.fill('tasks ordered by difficulty, as in the paper');
      await page.keyboard.press('Enter');
      const row = view.locator('.code-link', { hasText: 'src/curriculum.py:4-6' });
      await row.waitFor({ state: 'visible', timeout: 15_000 });
      const rowText = await row.innerText();
      for (const want of ['def curriculum(tasks, rounds):', 'tasks ordered by difficulty']) {
        if (!rowText.includes(want)) throw new Error(`the link row lacks "${want}": ${rowText}`);
      }

      // The user writes the paper's key into a notes file of theirs (opened in the first column, beside
      // the view): it is listed as a backlink.
      await page.locator('.editor-group-container').first().locator('.monaco-editor .view-lines').first().click();
      await openFile(page, runCommand, 'reading.md');
      await page.locator('.editor-group-container.active .monaco-editor .view-lines').first().click();
      await page.keyboard.press('ControlOrMeta+End');
      await page.keyboard.insertText(`Compare @paper:${key} with our curriculum.`);
      const backlink = view.locator('.backlink', { hasText: 'ideas/reading.md:3' });
      await backlink.waitFor({ state: 'visible', timeout: 20_000 }).catch(async (/** @type {Error} */ e) => {
        throw new Error(`${e.message}\nthe section says: ${await view.locator('#paper-links').innerText()}`);
      });
      await backlink.scrollIntoViewIfNeeded();
      await sleep(300);
      await shot('links-and-backlinks');

      // Clicking the link opens the code with the linked lines selected; the backlink opens the note.
      await row.locator('button.code-place').click();
      await openedInSomeGroup(page, 'the code opened from the link', 'curriculum.py');
      await page
        .locator('.statusbar-item', { hasText: /selected/ })
        .first()
        .waitFor({ state: 'visible', timeout: 10_000 });
      const cursor = await page
        .locator('.statusbar-item', { hasText: /Ln \d+/ })
        .first()
        .innerText();
      if (!/\(\d+ selected\)/.test(cursor)) throw new Error(`the linked range is not selected: ${cursor}`);
      await shot('link-opened');
      await backlink.locator('button.backlink-place').click();
      await openedInSomeGroup(page, 'the note opened from the backlink', 'reading.md');

      // Tags: "Add tag…" asks with the quick pick; the chip's × removes it.
      await view.locator('button.tag-add').click();
      await input.waitFor({ state: 'visible' });
      await input.pressSequentially('curriculum-learning', { delay: 20 });
      await page.keyboard.press('Enter');
      const chip = view.locator('.tag', { hasText: '#curriculum-learning' });
      await chip.waitFor({ state: 'visible', timeout: 10_000 });
      await waitFor('the tag stored', () => storedTags(workspace, paperId)?.includes('curriculum-learning'));
      await sleep(300);
      await shot('tag-added');
      await chip.locator('button.tag-remove').click();
      await chip.waitFor({ state: 'detached', timeout: 10_000 });
      await waitFor('the tag removed from the file', () => storedTags(workspace, paperId)?.length === 0);
      await shot('tag-removed');

      // The tree lists the link under the paper ("Open Paper" on the paper in the view reveals its row).
      await runCommand('Papers: Open Paper');
      // in the sidebar: the Comments panel's tree has a row of the link's note, naming the paper at the same level
      const paperRow = page
        .locator('.part.sidebar .pane-body [role="treeitem"][aria-level="2"]', { hasText: 'EnvFactory' })
        .first();
      await paperRow.waitFor({ state: 'visible', timeout: 15_000 });
      // The row is redrawn while the tree refreshes: click its twistie until it is open.
      await waitFor('the paper row expanded', async () => {
        if ((await paperRow.getAttribute('aria-expanded').catch(() => null)) === 'true') return true;
        await paperRow
          .locator('.monaco-tl-twistie')
          .click({ timeout: 2000 })
          .catch(() => undefined);
        await sleep(500);
        return false;
      });
      const linkRow = page
        .locator('.part.sidebar .pane-body [role="treeitem"][aria-level="3"]', { hasText: 'curriculum.py:4-6' })
        .first();
      await linkRow.waitFor({ state: 'visible', timeout: 10_000 });
      const linkRowText = await linkRow.innerText();
      if (!linkRowText.includes('def curriculum(tasks, rounds):'))
        throw new Error(`the link row shows "${linkRowText}"`);
      await sleep(300);
      await shot('tree-link');
      // The linked function deleted on disk: the row stays, marked stale.
      writeFileSync(
        join(workspace, 'src', 'curriculum.py'),
        CODE.replace(/def curriculum[\s\S]*?rounds\]\]\n\n\n/, ''),
      );
      await page
        .locator('.part.sidebar .pane-body [role="treeitem"][aria-level="3"]', { hasText: 'stale · def curriculum' })
        .first()
        .waitFor({ state: 'visible', timeout: 20_000 });
      await view.locator('.code-link.stale', { hasText: 'stale' }).waitFor({ state: 'visible', timeout: 20_000 });
      await view.locator('.code-link.stale').scrollIntoViewIfNeeded();
      await sleep(300);
      await shot('tree-and-view-stale-link');
    },
  },
];
