// Bring your own papers, as a user does it: Import Collection… through the file dialog (a BibTeX list, a Zotero
// CSL-JSON export, then a broken .bib), the problems in the Problems panel, and Export BibTeX read back by the
// project's own parser (the CLI's `analyze --json`).
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { paperView } from '../editorSteps.mjs';
import { GROUP_ROWS, waitFor } from '../workbench.mjs';
/** @typedef {import('../../types.js').Page} Page */

const HERE = dirname(fileURLToPath(import.meta.url));
const REPO = join(HERE, '..', '..', '..', '..');
const FIXTURES = join(REPO, 'test', 'vscode', 'fixtures', 'collections');
const TITLES = [
  'Sea Otters Use Kelp Anchors to Sleep Through Storms',
  'TideCast: Forecasting Tide Pools with Small Graph Networks',
  'Lichen Growth Rates on Urban Gravestones',
  'Glacier Meltwater Carries Ancient Pollen Downstream',
  'BeeLine: Counting Pollinator Visits from Phone Video',
];
const BROKEN_GOOD_TITLES = [
  'Moss Carpets Cool Rooftops in Summer',
  "Snails Follow Each Other's Slime Trails to Save Energy",
  // an entry without an abstract: a paper by its title
  'A Paper That Forgot Its Abstract',
];

/** @param {number} ms */
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * The web workbench's file dialog is a quick input holding a path: type the file's path and accept it.
 * @param {Page} page
 * @param {string} path
 */
async function pickPath(page, path) {
  const input = page.locator('.quick-input-widget input.input');
  await input.waitFor({ state: 'visible' });
  // the dialog fills in its folder a moment after it opens: type only once that value has settled
  let last = '';
  await waitFor('the file dialog', async () => {
    const now = await input.inputValue();
    const settled = now.startsWith('/') && now === last;
    last = now;
    if (!settled) await sleep(400);
    return settled;
  });
  await waitFor(`the path ${path} typed`, async () => {
    await input.fill(path);
    await sleep(400);
    return (await input.inputValue()) === path;
  });
  await page.keyboard.press('Enter');
  await page.locator('.quick-input-widget').waitFor({ state: 'hidden', timeout: 15_000 });
}

/**
 * Runs a palette command, retrying when a busy window swallows it (no quick input appears).
 * @param {Page} page
 * @param {(title: string) => Promise<void>} runCommand
 * @param {string} label
 */
async function runWithInput(page, runCommand, label) {
  for (let attempt = 1; ; attempt++) {
    await runCommand(label);
    try {
      await page.locator('.quick-input-widget').waitFor({ state: 'visible', timeout: 10_000 });
      return;
    } catch (err) {
      if (attempt === 3) throw err;
    }
  }
}

/**
 * The tree's rows by their accessible names; the New group (imported papers are new), the For You group and the
 * rows under them left out, and the regroup advice row (two of five papers just arrived).
 * @param {Page} page
 * @returns {Promise<string[]>}
 */
const rowLabels = (page) =>
  page.locator('[role="treeitem"]').evaluateAll((/** @type {Element[]} */ rows) => {
    /** @type {string[]} */
    const out = [];
    let skipped = false;
    // in the order drawn: the list reuses its row elements, so the document's order need not be the tree's
    const drawn = [...rows].sort((a, b) => a.getBoundingClientRect().top - b.getBoundingClientRect().top);
    for (const r of drawn) {
      const label = r.getAttribute('aria-label') ?? '';
      if (r.getAttribute('aria-level') === '1') skipped = /^(New|For You),|^Regroup Themes/.test(label);
      if (!skipped) out.push(label);
    }
    return out;
  });

/**
 * @param {Page} page
 * @param {(title: string) => Promise<void>} runCommand
 * @param {string} path
 */
async function importFile(page, runCommand, path) {
  await runWithInput(page, runCommand, 'Papers: Import Collection…');
  await pickPath(page, path);
}

/** @type {import('../../types.js').Scenario[]} */
export const scenarios = [
  {
    name: 'import BibTeX and CSL-JSON, a broken file shows its problems, export BibTeX reads back',
    async run({ page, runCommand, shot, workspace }) {
      const refs = join(workspace, 'refs');
      mkdirSync(refs, { recursive: true });
      for (const f of ['lab-reading.bib', 'zotero-export.json', 'broken-refs.bib'])
        copyFileSync(join(FIXTURES, f), join(refs, f));

      await page.locator('.activitybar a.action-label[aria-label^="Papers"]').click();
      await page.locator(GROUP_ROWS).first().waitFor({ state: 'visible', timeout: 60_000 });
      await runWithInput(page, runCommand, 'Papers: Group By…');
      await page.locator('.quick-input-list .monaco-list-row', { hasText: 'Collection' }).first().click();

      await importFile(page, runCommand, join(refs, 'lab-reading.bib'));
      await waitFor('the lab-reading collection row', async () =>
        (await rowLabels(page)).some((l) => l.startsWith('lab-reading')),
      );
      await importFile(page, runCommand, join(refs, 'zotero-export.json'));
      // the collection rows (an imported file's papers are new: the New group sits above them)
      const groups = page.locator(GROUP_ROWS).filter({ hasNot: page.locator('.label-name', { hasText: /^New$/ }) });
      await waitFor(
        'two collection rows',
        async () => (await groups.count()) === 2 && (await rowLabels(page)).some((l) => l.startsWith('zotero-export')),
      );
      for (let i = 0; i < 2; i++) {
        const row = groups.nth(i);
        if ((await row.getAttribute('aria-expanded')) !== 'true') await row.click();
      }
      const titles = await waitFor('the five imported titles', async () => {
        const labels = await rowLabels(page);
        return TITLES.every((t) => labels.some((l) => l.startsWith(t))) && labels;
      });
      if (titles.length !== 7)
        throw new Error(`expected 2 collections and 5 papers, the tree shows: ${titles.join(' | ')}`);
      const settings = JSON.parse(readFileSync(join(workspace, '.vscode', 'settings.json'), 'utf8'));
      if (
        JSON.stringify(settings['papers.collections']) !==
        JSON.stringify(['refs/lab-reading.bib', 'refs/zotero-export.json'])
      ) {
        throw new Error(`papers.collections is ${JSON.stringify(settings['papers.collections'])}`);
      }
      await sleep(500);
      await shot('imported-bibtex-and-csl-json');

      await importFile(page, runCommand, join(refs, 'broken-refs.bib'));
      const toast = page.locator('.notifications-toasts .notification-toast', { hasText: '3 problems in 1 file' });
      await toast.waitFor({ state: 'visible', timeout: 30_000 });
      await waitFor('the good entries of the broken file', async () => {
        const labels = await rowLabels(page);
        return labels.some((l) => l.startsWith('broken-refs'));
      });
      const brokenRow = groups.filter({ hasText: 'broken-refs' }).first();
      await brokenRow.click();
      await waitFor('its three good papers', async () => {
        const labels = await rowLabels(page);
        return BROKEN_GOOD_TITLES.every((t) => labels.some((l) => l.startsWith(t)));
      });
      await shot('broken-file-notification');
      await toast.locator('.monaco-button', { hasText: 'Show Problems' }).click();
      const problems = page.locator('.markers-panel .monaco-list-row');
      await waitFor('three problems listed', async () => (await problems.count()) >= 4); // the file row and its three problems
      /** @type {string[]} */
      const listed = await problems.allInnerTexts();
      for (const needle of ['blank2018', 'good2020moss', 'truncated2022']) {
        if (!listed.some((t) => t.includes(needle)))
          throw new Error(`the Problems panel does not list ${needle}: ${listed.join(' | ')}`);
      }
      await sleep(500);
      await shot('problems-panel');

      // The entry without an abstract is a paper: it opens in the paper view with its authors and year.
      await page.locator('.monaco-list-row', { hasText: 'A Paper That Forgot Its Abstract' }).first().click();
      const view = paperView(page);
      await view
        .locator('h1', { hasText: 'A Paper That Forgot Its Abstract' })
        .waitFor({ state: 'visible', timeout: 30_000 });
      const byline = (await view.locator('.byline').innerText()).trim();
      if (!byline.includes('Nobody') || !byline.includes('2019'))
        throw new Error(`the paper view's byline says "${byline}", not its author and year`);
      if (await view.locator('#abstract-text').count())
        throw new Error('the paper view offers an abstract to highlight for a paper that has none');
      await sleep(500);
      await shot('title-only-paper');

      await runWithInput(page, runCommand, 'Papers: Export BibTeX…');
      await page.locator('.quick-input-list .monaco-list-row', { hasText: 'All papers' }).first().click();
      const out = join(workspace, 'exported.bib');
      await pickPath(page, out);
      await waitFor('the exported file', () => existsSync(out));
      await page
        .locator('.notifications-toasts .notification-toast', { hasText: 'exported 8 papers' })
        .waitFor({ state: 'visible', timeout: 15_000 });
      await shot('exported');
      // read back with the project's parser: the CLI loads the .bib and prints what it read
      const run = spawnSync(process.execPath, [join(REPO, 'dist', 'cli.js'), 'analyze', out, '--json'], {
        encoding: 'utf8',
      });
      if (run.status !== 0) throw new Error(`the exported file has problems: ${run.stderr}`);
      const back = JSON.parse(run.stdout)
        .papers.map((/** @type {{ title: string }} */ p) => p.title)
        .sort();
      const expected = [...TITLES, ...BROKEN_GOOD_TITLES].sort();
      if (JSON.stringify(back) !== JSON.stringify(expected))
        throw new Error(`read back ${JSON.stringify(back)}, expected ${JSON.stringify(expected)}`);

      // remove a collection from its row's menu: a confirmation, then it leaves the setting; the file stays
      await brokenRow.click({ button: 'right' });
      const menuItem = page.locator('.context-view .action-item', { hasText: 'Remove Collection' }).first();
      await menuItem.waitFor({ state: 'visible' });
      await sleep(300);
      // the menu acts on mouse up after its own mouse down, or on Enter for the item under the pointer
      await menuItem.hover();
      await page.keyboard.press('Enter');
      const dialog = page.locator('.monaco-dialog-box');
      await dialog.waitFor({ state: 'visible', timeout: 15_000 });
      if (!/broken-refs/.test(await dialog.innerText()))
        throw new Error(`the confirmation does not name the collection: ${await dialog.innerText()}`);
      await shot('remove-confirmation');
      await dialog.locator('.monaco-button', { hasText: /^Remove$/ }).click();
      await waitFor(
        'the broken-refs row gone',
        async () => !(await rowLabels(page)).some((l) => l.startsWith('broken-refs')),
      );
      const after = JSON.parse(readFileSync(join(workspace, '.vscode', 'settings.json'), 'utf8'))['papers.collections'];
      if (JSON.stringify(after) !== JSON.stringify(['refs/lab-reading.bib', 'refs/zotero-export.json']))
        throw new Error(`papers.collections is ${JSON.stringify(after)}`);
      if (!existsSync(join(refs, 'broken-refs.bib'))) throw new Error("the removed collection's file was deleted");
      await sleep(500);
      await shot('removed');
    },
  },
];
