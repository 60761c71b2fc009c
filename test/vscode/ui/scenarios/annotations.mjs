// Highlights with notes in the paper view: made with the mouse (a selection) and with the keyboard,
// stored in .papers/, listed in the notes file, and still there after "Developer: Reload Window".
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { paperView } from '../editorSteps.mjs';
import { GROUP_ROWS, sleep, waitFor, waitForWorkbench } from '../workbench.mjs';
/** @typedef {import('../../types.js').Page} Page */
/** @typedef {import('../../types.js').Locator} Locator */

/**
 * Opens the Papers sidebar, the first theme, and its first paper; returns the paper's title. Retries while
 * the tree is still being (re)loaded, which can redraw its rows under the pointer.
 * @param {Page} page
 */
async function openFirstPaper(page) {
  await page.locator('.activitybar a.action-label[aria-label^="Papers"]').click();
  const theme = page.locator(GROUP_ROWS).first();
  const row = page.locator('[role="treeitem"][aria-level="2"]').first();
  const deadline = Date.now() + 90_000;
  for (;;) {
    try {
      await theme.waitFor({ state: 'visible', timeout: 30_000 });
      if ((await theme.getAttribute('aria-expanded', { timeout: 2000 })) !== 'true')
        await theme.click({ timeout: 5000 });
      await row.waitFor({ state: 'visible', timeout: 5000 });
      const title = (await row.getAttribute('aria-label', { timeout: 2000 })).split(',')[0].trim();
      await row.click({ timeout: 5000 });
      await paperView(page).locator('#abstract-text').waitFor({ state: 'visible', timeout: 30_000 });
      return title;
    } catch (e) {
      if (Date.now() > deadline) throw e;
      await sleep(500);
    }
  }
}

/**
 * The stored annotations of the one paper that has some, read from .papers/papers/<id>.json.
 * @param {string} workspace
 * @returns {any[]} the W3C annotations as stored, whose shape the scenario checks
 */
function storedAnnotations(workspace) {
  const dir = join(workspace, '.papers', 'papers');
  if (!existsSync(dir)) return [];
  for (const f of readdirSync(dir).filter((n) => n.endsWith('.json'))) {
    const data = JSON.parse(readFileSync(join(dir, f), 'utf8'));
    if (data.annotations?.length) return data.annotations;
  }
  return [];
}

/** @param {string} workspace */
function notesText(workspace) {
  const dir = join(workspace, 'notes');
  if (!existsSync(dir)) return '';
  return readdirSync(dir)
    .filter((f) => f.endsWith('.md'))
    .map((f) => readFileSync(join(dir, f), 'utf8'))
    .join('\n');
}

/**
 * Selects words `first`..`last` of the first paragraph by a script in the page (as a mouse drag would).
 * @param {Locator} view
 * @param {number} first
 * @param {number} last
 */
function selectWords(view, first, last) {
  return view.locator('#abstract-text').evaluate(
    (/** @type {Element} */ root, /** @type {number[]} */ [a, b]) => {
      const p = /** @type {Element} */ (root.querySelector('p.abstract-para'));
      const words = [...p.textContent.matchAll(/\S+/g)];
      // The paragraph's text is split into text nodes at highlight boundaries: find the node of an offset.
      /**
       * @param {number} offset
       * @returns {[Node, number]}
       */
      const point = (offset) => {
        const walker = document.createTreeWalker(p, NodeFilter.SHOW_TEXT);
        for (
          let t = /** @type {Text | null} */ (walker.nextNode());
          t;
          t = /** @type {Text | null} */ (walker.nextNode())
        ) {
          if (offset <= t.data.length) return [t, offset];
          offset -= t.data.length;
        }
        throw new Error('offset beyond the paragraph');
      };
      const range = document.createRange();
      range.setStart(...point(words[a].index));
      range.setEnd(...point(words[b].index + words[b][0].length));
      const sel = /** @type {Selection} */ (document.getSelection());
      sel.removeAllRanges();
      sel.addRange(range);
      return range.toString();
    },
    [first, last],
  );
}

/**
 * Selects words and clicks Highlight until the note editor opens: right after a paper opens, the view can
 * still be moved beside its notes (which reloads the page and drops a selection made in it).
 * @param {Locator} view
 * @param {number} first
 * @param {number} last
 */
export async function highlightWords(view, first, last) {
  for (let attempt = 1; ; attempt++) {
    const text = await selectWords(view, first, last);
    await sleep(200);
    await view.locator('button.highlight').click();
    const opened = await view
      .locator('textarea.note-input')
      .waitFor({ state: 'visible', timeout: 5000 })
      .then(
        () => true,
        () => false,
      );
    if (opened) return text;
    if (attempt === 3) throw new Error('the note editor did not open after Highlight');
  }
}

/** @type {import('../../types.js').Scenario[]} */
export const scenarios = [
  {
    name: 'highlight words of the abstract with a note; it survives a window reload',
    async run({ page, runCommand, shot, workspace }) {
      const title = await openFirstPaper(page);
      const view = paperView(page);

      // Mouse-like selection of words 3 to 8, the Highlight button, a note, Enter.
      const selected = await highlightWords(view, 2, 7);
      const note = view.locator('textarea.note-input');
      await note.fill('Key claim: check the ablation later.');
      await note.press('Enter');
      await view.locator('mark.hl').first().waitFor({ state: 'visible' });
      const marked = (await view.locator('mark.hl').allTextContents()).join('');
      if (marked !== selected) throw new Error(`the marks show "${marked}", the selection was "${selected}"`);
      await view.locator('.hl-item .hl-note', { hasText: 'Key claim' }).waitFor({ state: 'visible' });

      // Keyboard: focus the abstract, arrows to a word, Shift+arrows to select three, H, a note, Enter.
      await view.locator('#abstract-text').focus();
      for (let i = 0; i < 12; i++) await page.keyboard.press('ArrowRight');
      await page.keyboard.press('Shift+ArrowRight');
      await page.keyboard.press('Shift+ArrowRight');
      await page.keyboard.press('h');
      await note.waitFor({ state: 'visible' });
      await page.keyboard.type('Made with the keyboard.');
      await page.keyboard.press('Enter');
      await view.locator('.hl-item .hl-note', { hasText: 'Made with the keyboard.' }).waitFor({ state: 'visible' });
      if ((await view.locator('.hl-item').count()) !== 2) throw new Error('expected two highlights in the list');

      const stored = await waitFor(
        'two annotations in .papers/',
        () => storedAnnotations(workspace).length === 2 && storedAnnotations(workspace),
      );
      const selectors = stored[0].target.selector.map((/** @type {{ type: string }} */ s) => s.type).join(',');
      if (selectors !== 'TextQuoteSelector,TextPositionSelector') throw new Error(`stored selectors: ${selectors}`);
      const notes = await waitFor('the highlights in the notes file', () => {
        const t = notesText(workspace);
        return t.includes('Key claim: check the ablation later.') && t.includes('Made with the keyboard.') && t;
      });
      if (!notes.includes('<!-- papers:annotations:start -->'))
        throw new Error('the notes file has no highlights section');
      await view.locator('h1').click(); // leave the last note's focus ring out of the picture
      await sleep(300);
      await shot('highlighted-marks');
      await view.locator('.hl-list').scrollIntoViewIfNeeded();
      await sleep(300);
      await shot('highlighted-notes-list');

      await runCommand('Developer: Reload Window');
      await sleep(1500);
      await waitForWorkbench(page);
      // The view comes back by itself (serializer); if not, open the paper again from the sidebar.
      const restored = await paperView(page)
        .locator('mark.hl')
        .first()
        .waitFor({ state: 'visible', timeout: 20_000 })
        .then(
          () => true,
          () => false,
        );
      if (!restored) {
        const again = await openFirstPaper(page);
        if (again !== title) throw new Error(`reopened "${again}", expected "${title}"`);
      }
      const after = paperView(page);
      await after.locator('mark.hl').first().waitFor({ state: 'visible', timeout: 30_000 });
      const notesAfter = await after.locator('.hl-item .hl-note').allTextContents();
      if (
        !notesAfter.includes('Key claim: check the ablation later.') ||
        !notesAfter.includes('Made with the keyboard.')
      ) {
        throw new Error(`after the reload the notes listed are: ${notesAfter.join(' | ')}`);
      }
      const markedAfter = await after.locator('mark.hl').allTextContents();
      if (!markedAfter.join('').includes(selected))
        throw new Error(`after the reload the marks show "${markedAfter.join('')}"`);
      await sleep(500);
      await shot('after-reload');
    },
  },
  {
    name: "edit a highlight's note and color, delete one and undo; readable in a dark theme",
    async run({ page, runCommand, shot, workspace }) {
      await openFirstPaper(page);
      const view = paperView(page);
      const note = view.locator('textarea.note-input');
      for (const [a, b, text] of /** @type {[number, number, string][]} */ ([
        [2, 7, 'First note.'],
        [12, 14, ''],
      ])) {
        await highlightWords(view, a, b);
        if (text) await note.fill(text);
        await note.press(text ? 'Enter' : 'Escape');
        await note.waitFor({ state: 'hidden' });
      }
      await waitFor('two highlights', async () => (await view.locator('.hl-item').count()) === 2);

      await view.locator('.hl-item').first().locator('button', { hasText: 'Edit' }).click();
      await note.waitFor({ state: 'visible' });
      await note.fill('Key claim: ablation checked.');
      await view.locator('.note-editor [role="radio"][aria-label="Pink"]').click();
      await note.press('Enter');
      await view.locator('.hl-item.hl-pink .hl-note', { hasText: 'ablation checked' }).waitFor({ state: 'visible' });
      await waitFor('the edit on disk', () =>
        storedAnnotations(workspace).some((x) => x.note === 'Key claim: ablation checked.' && x.color === 'pink'),
      );

      await view.locator('.hl-item').nth(1).locator('button', { hasText: 'Delete' }).click();
      await waitFor('one highlight left', async () => (await view.locator('.hl-item').count()) === 1);
      await view.locator('#annotate-status button', { hasText: 'Undo' }).click();
      await waitFor('the highlight back', async () => (await view.locator('.hl-item').count()) === 2);
      await waitFor('both again on disk', () => storedAnnotations(workspace).length === 2);
      await sleep(300);
      await shot('edited-and-undone');

      // The same in a dark theme: translucent colors under the theme's own text color.
      await runCommand('Preferences: Color Theme');
      await page.locator('.quick-input-widget input.input').fill('Dark Modern');
      await page
        .locator('.quick-input-list .monaco-list-row', { hasText: 'Dark Modern' })
        .first()
        .waitFor({ state: 'visible' });
      await page.keyboard.press('Enter');
      await page.locator('.monaco-workbench.vs-dark').waitFor({ state: 'attached', timeout: 15_000 });
      await sleep(800);
      await view.locator('.hl-item').first().hover();
      await sleep(300);
      await shot('dark-theme');
    },
  },
];
