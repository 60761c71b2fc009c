// The paper view as a reader meets it on a day of arXiv papers: opening a paper writes nothing, its math (in the
// title and the abstract) is rendered (KaTeX, from the extension's own files), its arXiv id and categories are shown, and "Open on arXiv"
// asks VS Code to open https://arxiv.org/abs/<id> (VS Code's own prompt before an external site is where the
// scenario stops it: nothing is fetched).
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expectExternalOpen, paperView } from '../editorSteps.mjs';
import { sleep, waitFor } from '../workbench.mjs';

const DAY = [
  {
    id: '2401.01234v2',
    title: 'Quadratic Probes for $x^2$ Estimation',
    abstract:
      'We estimate $x^2$ from noisy samples in $\\mathcal{O}(n \\log n)$ time, improving on the $\\Theta(n^2)$ ' +
      'baseline. Our main bound is $$\\Pr\\left[|\\hat{x}^2 - x^2| > \\epsilon\\right] \\le 2e^{-n\\epsilon^2/\\sigma^2},$$ ' +
      'which holds for any $\\sigma > 0$. A formula KaTeX cannot read, $\\frac{1}{$, is shown as written.',
    authors: 'Jane Doe; John Roe',
    categories: 'cs.LG stat.ML',
    update_date: '2024-01-02',
  },
  {
    id: '2401.05555',
    title: 'Sparse Attention at Scale',
    abstract: 'We study sparse attention for long documents and reduce memory from quadratic to linear in length.',
    categories: 'cs.CL',
  },
  {
    id: '2401.06666',
    title: 'Graph Networks for Tide Pools',
    abstract: 'Graph neural networks forecast tide pool temperatures from sparse sensors along the coast.',
    categories: 'cs.LG',
  },
  {
    id: '2401.07777',
    title: 'Counting Bees from Phone Video',
    abstract: 'A small detector counts pollinator visits in phone video recorded by volunteers in gardens.',
    categories: 'cs.CV',
  },
];

/** @type {import('../../types.js').Scenario[]} */
export const scenarios = [
  {
    name: 'paper view: opening writes no notes file, math is rendered, Open on arXiv asks to open the abs page',
    prepare(workspace) {
      mkdirSync(join(workspace, 'papers'), { recursive: true });
      writeFileSync(join(workspace, 'papers', 'day.jsonl'), DAY.map((r) => JSON.stringify(r)).join('\n') + '\n');
      mkdirSync(join(workspace, '.vscode'), { recursive: true });
      writeFileSync(
        join(workspace, '.vscode', 'settings.json'),
        `${JSON.stringify({ 'papers.collections': ['papers/day.jsonl'] }, null, 2)}\n`,
      );
    },
    async run({ page, runCommand, shot, workspace }) {
      await page.locator('.activitybar a.action-label[aria-label^="Papers"]').click();
      await page.locator('[role="treeitem"]').first().waitFor({ state: 'visible', timeout: 60_000 });
      const input = page.locator('.quick-input-widget input.input');
      await runCommand('Papers: Search Papers…');
      await input.waitFor({ state: 'visible' });
      await input.pressSequentially('quadratic probes', { delay: 30 });
      const rows = page.locator('.quick-input-list .monaco-list-row');
      await waitFor('the search result', async () => (await rows.count()) >= 1);
      await page.keyboard.press('Enter');

      const view = paperView(page);
      await view.locator('h1').waitFor({ state: 'visible', timeout: 30_000 });
      // the title's math is rendered in the view (its text stays the TeX the file wrote); the tree shows it as
      // Unicode text ($x^2$ reads x²), as every place that renders nothing
      await view.locator('h1 .math .katex').first().waitFor({ state: 'visible', timeout: 15_000 });
      const title = (await view.locator('h1').textContent()).trim();
      if (title !== 'Quadratic Probes for $x^2$ Estimation') throw new Error(`the title's text is "${title}"`);
      const row = page.getByRole('treeitem', { name: /^Quadratic Probes for x² Estimation/ });
      await row.first().waitFor({ state: 'visible', timeout: 15_000 });
      const inAbstract = view.locator('#abstract-text .katex');
      await waitFor('the abstract math rendered', async () => (await inAbstract.count()) >= 4);
      if ((await view.locator('#abstract-text .katex-display').count()) !== 1)
        throw new Error('the displayed formula is not rendered as a display');
      const broken = view.locator('#abstract-text .math-error');
      if ((await broken.count()) !== 1 || (await broken.textContent()) !== '$\\frac{1}{$')
        throw new Error('the formula KaTeX cannot read is not shown as written');
      // authors, date, id and categories
      const header = await view.locator('header').innerText();
      for (const text of ['Jane Doe, John Roe · 2024-01-02', 'arXiv:2401.01234v2', 'cs.LG stat.ML'])
        if (!header.includes(text)) throw new Error(`the header does not show "${text}": ${header}`);
      // KaTeX's fonts came from the extension (a missing font would fall back and look wrong, not fail)
      const fonts = await view.locator('body').evaluate(async () => {
        await document.fonts.ready;
        return [...document.fonts].filter((f) => f.family.includes('KaTeX') && f.status === 'loaded').length;
      });
      if (fonts < 2) throw new Error(`only ${fonts} KaTeX fonts loaded`);

      const notesDir = join(workspace, 'notes');
      await sleep(500);
      if (existsSync(notesDir) && readdirSync(notesDir).length)
        throw new Error(`opening the paper wrote ${readdirSync(notesDir).join(', ')}`);
      await shot('rendered-math');

      const open = view.locator('button[data-action="openPage"]');
      if ((await open.innerText()).trim() !== 'Open on arXiv ↗')
        throw new Error(`the button says ${await open.innerText()}`);
      // VS Code asks before it opens a site it does not trust; the scenario answers Cancel there
      await expectExternalOpen(
        page,
        () => open.click(),
        'https://arxiv.org/abs/2401.01234v2',
        () => shot('open-on-arxiv-prompt'),
      );

      // asking for notes makes the file
      await view.locator('button[data-action="openNotes"]').click();
      await waitFor(
        'the notes file',
        () => existsSync(notesDir) && readdirSync(notesDir).some((f) => f.endsWith('.md')),
      );
      await sleep(500);
      await shot('notes-asked-for');

      // Highlights and math: one on a whole formula keeps it rendered inside its mark (and in the list's quote);
      // one inside a formula shows that formula as written, the highlight on its characters.
      const abstract = view.locator('#abstract-text');
      const note = view.locator('textarea.note-input');
      await abstract.focus();
      for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight'); // We, estimate, $x^2$
      await page.keyboard.press('h');
      await note.waitFor({ state: 'visible' });
      await page.keyboard.type('Why $x^2$ and not $|x|$?');
      await page.keyboard.press('Enter');
      await view.locator('#abstract-text mark.hl .katex').first().waitFor({ state: 'visible' });
      await view.locator('.hl-item .hl-quote .katex').first().waitFor({ state: 'visible' });
      await waitFor(
        'the note with its math',
        async () => (await view.locator('.hl-item .hl-note .katex').count()) === 2,
      );
      await page.keyboard.press('Escape');
      await abstract.focus();
      for (let i = 0; i < 9; i++) await page.keyboard.press('ArrowRight'); // … in, $\mathcal{O}(n, \log
      await page.keyboard.press('h');
      await note.waitFor({ state: 'visible' });
      await page.keyboard.type('Inside a formula.');
      await page.keyboard.press('Enter');
      await view.locator('#abstract-text mark.hl', { hasText: '\\log' }).waitFor({ state: 'visible' });
      const shownText = await abstract.innerText();
      if (!shownText.includes('$\\mathcal{O}(n \\log n)$'))
        throw new Error(`the formula a highlight cuts is not shown as written: ${shownText.slice(0, 200)}`);
      if ((await view.locator('.hl-item').count()) !== 2) throw new Error('expected two highlights in the list');
      await view.locator('h1').click();
      await sleep(300);
      await shot('math-highlights');
    },
  },
];
