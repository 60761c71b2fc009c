// The store page's pictures, each in the dark and the light theme, of a realistic library made at run time: 4,000
// abstracts recombined from the sentences of the bundled ones in a collection folder (daily/*.txt). In order: the
// sidebar with the library's arXiv fields and the topics inside one, a paper open beside it; the paper view beside
// its notes with a highlight, on a paper saved with its arXiv record whose title and abstract have math (written
// here, rendered by KaTeX); a code file with the CodeLens of the paper linked to it; the morning pass (a day's
// dump saved into the folder: New open on the day in For You order, a paper's hover saying why); the search.
// Each picture is asserted before it is taken (rows present, the rendered math, the highlight, the CodeLens, the
// reason in the hover, the results); PAPERS_SHOTS=1 also writes them to media/screenshots/ (see storePictures.mjs).
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openFile, paperView, selectLines } from '../editorSteps.mjs';
import { drawLarger, pictureInBothThemes, THEMES, writeSettings } from '../storePictures.mjs';
import { escapeRegExp, setRowOpen, sleep, waitFor } from '../workbench.mjs';
import { highlightWords } from './annotations.mjs';
import { recombined } from './partialSearch.mjs';
import { childrenOf, rowNamed, showBroadThemes, widenSidebar } from './twoLevelTree.mjs';

/** The library (from 3,000 papers on, arXiv fields with topics inside) and the day's dump that follows it. */
const LIBRARY = 4000;
const DAY = 40;

const SETTINGS = {
  'papers.collections': ['daily/*.txt', 'saved/*.jsonl'],
  'workbench.startupEditor': 'none',
  'workbench.tips.enabled': false,
  'editor.minimap.enabled': false,
  'comments.openView': 'never',
  'window.commandCenter': false,
  'workbench.layoutControl.enabled': false,
};

/**
 * A paper the reader saved with its arXiv record, on the library's subject (the warm start of the code below), its
 * title and abstract written with inline math: the paper view's picture shows the math rendered.
 */
const MATH_PAPER = {
  id: '2502.01234',
  title: 'Warm Starts with $\\mathcal{O}(H^2\\sqrt{T})$ Regret for Offline-to-Online RL',
  abstract:
    'Policies pre-trained on logged transitions often lose their return in the first episodes of online ' +
    'fine-tuning. We keep a behavior-cloning term in the online loss, weighted by $\\lambda_t = \\lambda_0/\\sqrt{t}$, ' +
    'so the policy leaves the data only as fast as its value estimates improve. For episodes of $H$ steps, $T$ ' +
    'episodes and a policy class of size $|\\Pi|$, we prove a regret of $\\mathcal{O}(H^2\\sqrt{T\\log|\\Pi|})$, that ' +
    'of online RL from scratch, while the return never falls below $(1-\\epsilon)$ times that of the offline policy. ' +
    'On twelve D4RL tasks the warm start keeps the offline return and reaches the best online return with half the ' +
    'interactions.',
  authors: 'Ada Lovelace; Alan Turing',
  categories: 'cs.LG stat.ML',
  update_date: '2025-02-03',
};
/** Its title as the tree and the search show it: the math as Unicode text. */
const MATH_PAPER_TEXT_TITLE = 'Warm Starts with O(H²√T) Regret for Offline-to-Online RL';

/** Code a reader of this library could link: a warm-started online RL fine-tuning loop. */
const CODE = `import torch


def warm_start(policy, offline_data, steps=10_000):
    """Pre-train the policy on logged transitions before any online interaction."""
    optim = torch.optim.Adam(policy.parameters(), lr=3e-4)
    for batch in offline_data.batches(steps):
        loss = policy.behavior_cloning_loss(batch)
        optim.zero_grad()
        loss.backward()
        optim.step()
    return policy


def fine_tune_online(policy, env, replay, episodes=200):
    for _ in range(episodes):
        obs, done = env.reset(), False
        while not done:
            action = policy.act(obs)
            next_obs, reward, done = env.step(action)
            replay.add(obs, action, reward, next_obs, done)
            obs = next_obs
        policy.update(replay.sample(256))
    return policy
`;

/**
 * The library's abstracts and then the day's: recombined from the bundled ones, without the number that keeps
 * recombined abstracts apart (a reader would wonder at it), the few that then repeat one left out.
 */
function library() {
  const unique = new Set(recombined(LIBRARY + DAY + 200).map((a) => a.replace(/ \(\d+\)$/, '')));
  return [...unique].slice(0, LIBRARY + DAY);
}

const papersIcon = (/** @type {import('../../types.js').Page} */ page) =>
  page.locator('.activitybar a.action-label[aria-label^="Papers"]');
const rowsAt = (/** @type {import('../../types.js').Page} */ page, /** @type {number} */ level) =>
  page.locator(`.pane-body [role="treeitem"][aria-level="${level}"]`);
const titleOf = async (/** @type {import('../../types.js').Locator} */ row) =>
  ((await row.getAttribute('aria-label')) ?? '').split(',')[0].trim();

/**
 * Moves the tree's focus to its first row: the row focused last would show its inline actions in a picture.
 * @param {import('../../types.js').Page} page
 */
async function focusFirstRow(page) {
  await page.locator('.pane-body .monaco-list').first().press('Home');
}

/**
 * The sidebar: the fields at the top (at least two), the first opened on its topics, its first topic on papers.
 * @param {import('../../types.js').Page} page
 */
async function openFieldAndTopic(page) {
  const fields = await waitFor('two fields or more', async () => {
    const names = await rowsAt(page, 1).evaluateAll((/** @type {Element[]} */ els) =>
      els.filter((el) => el.querySelector('.codicon-layers')).map((el) => el.querySelector('.label-name')?.textContent),
    );
    return names.length >= 2 && names;
  });
  const field = rowNamed(page, 1, fields[0]);
  await setRowOpen(field, true);
  const topics = await waitFor('its topics', async () => {
    const list = await childrenOf(field);
    return list.length >= 2 && list;
  });
  const topic = rowNamed(page, 2, topics[0].name);
  await setRowOpen(topic, true);
  await waitFor('its papers', async () => (await childrenOf(topic)).length > 0);
  return { fields, topics, topic };
}

/**
 * Opens the `n`th paper under the open topic (level 3) and returns its title once the paper view shows it. Clicked
 * again when the view does not follow: a click as the tree redraws (after a star) selects the row and opens nothing.
 * @param {import('../../types.js').Page} page
 * @param {number} n
 */
async function openPaper(page, n) {
  const row = rowsAt(page, 3).nth(n);
  const title = await titleOf(row);
  const heading = paperView(page).locator('h1', { hasText: title });
  for (let attempt = 1; ; attempt++) {
    await row.click();
    const shown = await heading.waitFor({ state: 'visible', timeout: 15_000 }).then(
      () => true,
      () => false,
    );
    if (shown) return title;
    if (attempt === 3) throw new Error(`the paper view did not show "${title}"`);
  }
}

/**
 * Opens the paper with math through Search Papers… and waits until its title and abstract show the math rendered.
 * @param {import('../../types.js').ScenarioContext} ui
 */
async function openMathPaper(ui) {
  const { page, runCommand } = ui;
  await runCommand('Papers: Search Papers…');
  const input = page.locator('.quick-input-widget input.input');
  await input.waitFor({ state: 'visible' });
  await input.pressSequentially('warm starts regret', { delay: 10 });
  await page
    .locator('.quick-input-list .monaco-list-row')
    .filter({ has: page.locator('.label-name', { hasText: MATH_PAPER_TEXT_TITLE }) })
    .first()
    .click();
  const view = paperView(page);
  await view.locator('h1 .math .katex').first().waitFor({ state: 'visible', timeout: 20_000 });
  const inAbstract = view.locator('#abstract-text .math .katex');
  await waitFor('the abstract math rendered', async () => (await inAbstract.count()) >= 6);
  if ((await view.locator('.math-error').count()) !== 0) throw new Error('a formula of the paper is not rendered');
}

/**
 * The paper view beside its notes, a highlight with a note in both; the sidebar closed for room.
 * @param {import('../../types.js').ScenarioContext} ui
 */
async function paperBesideNotes(ui) {
  const { page, runCommand } = ui;
  const view = paperView(page);
  const note = view.locator('textarea.note-input');
  // the abstract's first sentence, or its first 20 words
  const first = (await view.locator('p.abstract-para').first().innerText()).split(/(?<=\.)\s/)[0];
  await highlightWords(view, 0, Math.min(first.split(/\s+/).length, 20) - 1);
  await note.fill('The claim to test against our warm start.');
  await note.press('Enter');
  await view.locator('mark.hl').first().waitFor({ state: 'visible' });
  await view.locator('.hl-item .hl-note', { hasText: 'claim to test' }).waitFor({ state: 'visible' });
  await runCommand('Papers: Open Notes');
  await page.locator('.tabs-container .tab[aria-label*=".md"]').first().waitFor({ state: 'visible', timeout: 20_000 });
  await runCommand('View: Close Primary Side Bar');
  // the notes' end in view, the highlights section the highlight was written into, before each picture (the file
  // is written again as the highlight is stored, which can scroll it back)
  const notesEnd = async () => {
    const editor = page.locator('.monaco-editor').first();
    await editor.locator('.view-lines').click();
    await page.keyboard.press('Control+End');
    const listed = editor.locator('.view-line', { hasText: 'claim to test' }).first();
    await waitFor('the highlight in the notes, in view', async () => {
      const [line, box] = [await listed.boundingBox().catch(() => null), await editor.boundingBox()];
      return line && box && line.y >= box.y && line.y + line.height <= box.y + box.height;
    });
    await view.locator('h1').click(); // the focus ring off the last control
  };
  await pictureInBothThemes(ui, 'paper-notes', notesEnd);
  await runCommand('View: Close All Editors');
  await showSidebar(page);
}

/**
 * Opens the sidebar on Papers again: clicked until its tree shows (a click on a loaded machine can come before the
 * activity bar takes it, or toggle the sidebar closed again).
 * @param {import('../../types.js').Page} page
 */
async function showSidebar(page) {
  const tree = page.locator('.pane-body .monaco-list').first();
  for (let attempt = 1; ; attempt++) {
    await papersIcon(page).click();
    const shown = await tree.waitFor({ state: 'visible', timeout: 5_000 }).then(
      () => true,
      () => false,
    );
    if (shown) return;
    if (attempt === 3) throw new Error('the sidebar did not open on Papers');
  }
}

/**
 * Links lines of a code file to `title` through the palette; the CodeLens names the paper.
 * @param {import('../../types.js').ScenarioContext} ui
 * @param {string} title
 */
async function codeLens(ui, title) {
  const { page, runCommand } = ui;
  await openFile(page, runCommand, 'policy.py');
  await page.locator('.monaco-editor .view-lines').first().click();
  await selectLines(page, runCommand, 4, 12);
  await runCommand('Papers: Link Paper to Selection…');
  const input = page.locator('.quick-input-widget input.input');
  await input.waitFor({ state: 'visible' });
  await input.pressSequentially(title, { delay: 10 });
  await page
    .locator('.quick-input-list .monaco-list-row')
    .filter({ has: page.locator('.label-name', { hasText: new RegExp(`^${escapeRegExp(title)}$`) }) })
    .first()
    .click();
  await waitFor('the note prompt', async () =>
    /optional/i.test(
      await page
        .locator('.quick-input-widget')
        .innerText()
        .catch(() => ''),
    ),
  );
  await input.fill('warm start as in section 3');
  await page.keyboard.press('Enter');
  const lens = page.locator('.codelens-decoration', { has: page.locator('.codicon-book') }).first();
  await lens.waitFor({ state: 'visible', timeout: 20_000 });
  if (!(await lens.innerText()).includes(title)) throw new Error(`the CodeLens says "${await lens.innerText()}"`);
  await focusFirstRow(page);
  await selectLines(page, runCommand, 13, 12); // the cursor on an empty line: no word highlighted
  await pictureInBothThemes(ui, 'code-link');
  await runCommand('View: Close All Editors');
}

/**
 * Stars the paper open in the paper view from its Star button.
 * @param {import('../../types.js').Page} page
 */
async function starOpenPaper(page) {
  const view = paperView(page);
  await view.getByRole('button', { name: 'Star this paper' }).click();
  await view.getByRole('button', { name: 'Unstar this paper' }).waitFor({ state: 'visible' });
}

/**
 * A day's dump saved into the folder: New, opened, lists it in For You order; a paper's hover says why.
 * @param {import('../../types.js').ScenarioContext} ui
 * @param {string[]} fields
 */
async function morningPass(ui, fields) {
  const { page, workspace } = ui;
  for (const name of fields) await setRowOpen(rowNamed(page, 1, name), false);
  const day = library().slice(LIBRARY);
  writeFileSync(join(workspace, 'daily', 'day-2.txt'), `Daily Papers\n\n${day.join('\n\n')}\n`);
  const newRow = page.getByRole('treeitem', { name: /^New,/ }).first();
  await newRow.waitFor({ state: 'visible', timeout: 90_000 });
  const label = (await newRow.getAttribute('aria-label')) ?? '';
  if (Number(/(\d+) new papers?/.exec(label)?.[1]) !== DAY) throw new Error(`New says "${label}"`);
  await setRowOpen(newRow, true);
  // the day in For You order: the order the ranking gives settles
  let before = '';
  await waitFor('the day under New, in a settled order', async () => {
    const now = JSON.stringify((await childrenOf(newRow)).map((p) => p.name));
    const settled = now === before && JSON.parse(now).length >= 10;
    before = now;
    if (!settled) await sleep(1500);
    return settled;
  });
  const hoverFirst = async () => {
    await page.mouse.move(5, 5);
    await rowsAt(page, 2).first().hover(); // New is the top group: its first paper
    const hover = page.locator('.monaco-hover, .workbench-hover-container').first();
    await hover.waitFor({ state: 'visible', timeout: 10_000 });
    const text = (await hover.innerText()).replace(/\s+/g, ' ');
    if (!/For you:\s*like/.test(text)) throw new Error(`no For You reason in the hover: ${text}`);
  };
  await pictureInBothThemes(ui, 'morning-pass', hoverFirst);
  await page.mouse.move(5, 5);
}

/**
 * The search: results as the query is typed, each with where it matched.
 * @param {import('../../types.js').ScenarioContext} ui
 * @param {string} query
 */
async function search(ui, query) {
  const { page, runCommand } = ui;
  await runCommand('Papers: Search Papers…');
  const input = page.locator('.quick-input-widget input.input');
  await input.waitFor({ state: 'visible' });
  await input.pressSequentially(query, { delay: 20 });
  const rows = page.locator('.quick-input-list .monaco-list-row');
  await waitFor('search results', async () => (await rows.count()) >= 5);
  await page.mouse.move(1000, 700); // no hover over the input
  await sleep(500);
  await pictureInBothThemes(ui, 'search');
  await page.keyboard.press('Escape');
}

/** @type {import('../../types.js').Scenario[]} */
export const scenarios = [
  {
    name: 'store screenshots: fields and topics, a paper beside its notes, a CodeLens, the morning pass, search; dark and light',
    prepare(workspace) {
      mkdirSync(join(workspace, 'daily'), { recursive: true });
      writeFileSync(
        join(workspace, 'daily', 'day-1.txt'),
        `Daily Papers\n\n${library().slice(0, LIBRARY).join('\n\n')}\n`,
      );
      mkdirSync(join(workspace, 'saved'), { recursive: true });
      writeFileSync(join(workspace, 'saved', 'arxiv.jsonl'), `${JSON.stringify(MATH_PAPER)}\n`);
      writeFileSync(join(workspace, 'policy.py'), CODE);
      writeSettings(workspace, SETTINGS, THEMES[0]);
    },
    async run(ui) {
      const { page } = ui;
      await drawLarger(page);
      await showBroadThemes(page, 240_000);
      await widenSidebar(page, 400);
      const { fields, topics, topic } = await openFieldAndTopic(page);
      const title = await openPaper(page, 0);
      // the topic closed again: every field in view, the first one's topics under it
      await setRowOpen(topic, false);
      await focusFirstRow(page);
      await paperView(page).locator('h1').click();
      await page.mouse.move(700, 600);
      await pictureInBothThemes(ui, 'sidebar');

      await openMathPaper(ui);
      await paperBesideNotes(ui);
      await codeLens(ui, title);
      // two more papers of the topic starred: For You, and the day's order, follow them
      await setRowOpen(topic, true);
      for (const n of [1, 2]) {
        await openPaper(page, n);
        await starOpenPaper(page);
      }
      await morningPass(ui, fields);
      await search(ui, topics[0].name.toLowerCase());
      if (!readdirSync(join(ui.workspace, '.papers', 'links')).length) throw new Error('no code link stored');
    },
  },
];
