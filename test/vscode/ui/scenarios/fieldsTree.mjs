// A real stream in the sidebar: a library of the first 20,000 abstracts of the dev corpus of real arXiv abstracts
// (../shared/real, see its README; generated into the workspace at run time, never part of the repository) in a
// collection folder (`daily/*.txt`). Its broad themes are arXiv fields named as arXiv names them (names read
// from the shipped field model, not written here), each opened on the topics found inside it. Then a day's dump of
// abstracts of a field the library has no paper of is saved into the folder: that field shows at once as a new
// theme at the top, holding those papers. Without the corpus the scenario is skipped (reported as SKIPPED).
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { papersLog } from '../../codeServer.mjs';
import { REPO_ROOT } from '../../setup.mjs';
import { escapeRegExp, flushWorkbenchState, setRowOpen, sleep, waitFor } from '../workbench.mjs';
import { childrenOf, rowNamed, showBroadThemes, widenSidebar } from './twoLevelTree.mjs';
/** @typedef {import('../../types.js').Page} Page */
/** @typedef {import('../../types.js').Locator} Locator */
/** @typedef {{ at: number, of: number, name: string, description: string, count: number, broad: boolean, open: boolean }} Row a tree row, read from the page */
/** @typedef {{ code: string, name: string, archive: string, texts: string[] }} Day a field the library has no paper of, and its first day's abstracts */

const DUMP = 'arxiv-dev-80k.txt.gz';
const META = 'arxiv-dev-80k.jsonl.gz';
/** The library: the corpus's first abstracts in arrival order. */
const LIBRARY = 20_000;
/** The day's dump: this many abstracts of one category the library has none of. */
const DAY = 60;

/** The corpus folder: $PAPERS_REAL_DIR, else ../shared/real beside the checkout or beside its worktree folder. */
function corpusDir() {
  const dirs = process.env.PAPERS_REAL_DIR
    ? [resolve(process.env.PAPERS_REAL_DIR)]
    : [resolve(REPO_ROOT, '..', 'shared', 'real'), resolve(REPO_ROOT, '..', '..', 'shared', 'real')];
  return dirs.find((d) => existsSync(join(d, DUMP)) && existsSync(join(d, META)));
}

/**
 * The field model's names: each field's and each archive's, by code (src/core/fields/arxivFields.json).
 * @returns {Map<string, string>}
 */
function fieldNames() {
  const model = JSON.parse(readFileSync(join(REPO_ROOT, 'src', 'core', 'fields', 'arxivFields.json'), 'utf8'));
  const names = new Map(model.fields.map((/** @type {{ code: string, name: string }} */ f) => [f.code, f.name]));
  for (const [code, name] of Object.entries(model.archives)) if (!names.has(code)) names.set(code, name);
  return names;
}

/**
 * Writes the library (daily/day-000.txt) and the setting, and returns the days that could follow: for each
 * category of the field model with no paper among the library's and at least DAY after them, in the order they
 * first arrive after the library, its first DAY abstracts after the library.
 * @param {string} workspace
 * @param {string} dir
 * @returns {Day[]}
 */
function writeLibrary(workspace, dir) {
  const lines = gunzipSync(readFileSync(join(dir, DUMP)))
    .toString('utf8')
    .split('\n');
  if (lines[0].trim() !== 'Daily Papers') throw new Error(`${DUMP} does not start with "Daily Papers"`);
  const abstracts = lines.slice(2).filter((l) => l.trim() !== '');
  if (abstracts.length < LIBRARY + DAY)
    throw new Error(`${DUMP} has ${abstracts.length} abstracts, fewer than ${LIBRARY + DAY}`);
  mkdirSync(join(workspace, 'daily'), { recursive: true });
  writeFileSync(join(workspace, 'daily', 'day-000.txt'), `Daily Papers\n\n${abstracts.slice(0, LIBRARY).join('\n')}\n`);
  mkdirSync(join(workspace, '.vscode'), { recursive: true });
  writeFileSync(
    join(workspace, '.vscode', 'settings.json'),
    `${JSON.stringify({ 'papers.collections': ['daily/*.txt'] }, null, 2)}\n`,
  );

  // each abstract's primary category, by its line in the dump (1-based: line 3 is the first abstract)
  const primary = new Map(
    gunzipSync(readFileSync(join(dir, META)))
      .toString('utf8')
      .split('\n')
      .filter((l) => l.trim() !== '')
      .map((l) => JSON.parse(l))
      .map((m) => [m.line, m.primary]),
  );
  /** @param {number} i */
  const categoryOf = (i) => primary.get(i + 3); // abstracts[i] is on line i + 3 (no blank lines between them)
  const known = fieldNames();
  const inLibrary = new Set(abstracts.slice(0, LIBRARY).map((_, i) => categoryOf(i)));
  const later = new Map();
  for (let i = LIBRARY; i < abstracts.length; i++) {
    const code = categoryOf(i);
    if (code === undefined || inLibrary.has(code) || !known.has(code)) continue;
    const list = later.get(code) ?? [];
    if (list.length < DAY) list.push(abstracts[i]);
    later.set(code, list);
  }
  return [...later]
    .filter(([, texts]) => texts.length >= DAY)
    .map(([code, texts]) => ({
      code,
      name: /** @type {string} */ (known.get(code)),
      archive: code.split('.')[0],
      texts,
    }));
}

/** What prepare() found for the run: the days that could follow the library. */
/** @type {Day[]} */
let candidates = [];

const NOT_GROUPS = new Set(['New', 'For You', 'Regroup Themes…']);

/**
 * Scrolls the tree back to its first row, the mouse over it (one huge wheel turn is not taken whole).
 * @param {Page} page
 */
async function toTop(page) {
  const box = await page.locator('.pane-body .monaco-list').first().boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  const first = page.locator('.pane-body [role="treeitem"][aria-posinset="1"][aria-level="1"]');
  for (let turn = 0; turn < 100; turn++) {
    const at = (await first.count()) ? await first.boundingBox() : null;
    if (at && at.y >= box.y - 1) return box;
    await page.mouse.wheel(0, -2000);
    await sleep(100);
  }
  throw new Error('the tree did not scroll back to its first row');
}

/**
 * Every row at `level` (the list draws only the rows in view: it is scrolled through from the top; with one row
 * open above that level, its children), as name, description, count, whether it is a broad theme (the layers
 * icon) and whether it is open.
 * @param {Page} page
 * @param {number} level
 * @returns {Promise<Row[]>}
 */
async function rowsAtLevel(page, level) {
  const box = await toTop(page);
  const seen = new Map();
  for (let turn = 0; turn < 300; turn++) {
    const rows = await page
      .locator(`.pane-body [role="treeitem"][aria-level="${level}"]`)
      .evaluateAll((/** @type {Element[]} */ els) =>
        els.map((el) => ({
          at: Number(el.getAttribute('aria-posinset')),
          of: Number(el.getAttribute('aria-setsize')),
          name: el.querySelector('.label-name')?.textContent.trim(),
          description: el.querySelector('.label-description')?.textContent.trim() ?? '',
          broad: !!el.querySelector('.codicon-layers'),
          open: el.getAttribute('aria-expanded') === 'true',
        })),
      );
    for (const r of rows) seen.set(r.at, { ...r, count: Number(r.description) });
    if (rows.length && seen.size >= rows[0].of) break;
    await page.mouse.wheel(0, box.height / 2);
    await sleep(150);
  }
  await toTop(page);
  await page.mouse.move(1100, 700); // no hover over the tree
  await sleep(200);
  return [...seen.values()].sort((a, b) => a.at - b.at);
}

/**
 * The themes at the top of the tree (New and For You left out).
 * @param {Page} page
 */
const topRows = async (page) => (await rowsAtLevel(page, 1)).filter((r) => !NOT_GROUPS.has(r.name));

/**
 * Scrolls the tree from the top until the row named `name` (at the top, or at `level`) is wholly in view; returns it.
 * @param {Page} page
 * @param {string} name
 */
async function scrollTo(page, name, level = 1) {
  const box = await toTop(page);
  const row = rowNamed(page, level, name);
  for (let turn = 0; turn < 300; turn++) {
    const at = (await row.count()) ? await row.boundingBox() : null;
    const inView = at && at.y >= box.y && at.y + at.height <= box.y + box.height;
    // with room for a row or two below it (to open it on), unless the tree ends there
    if (inView && (at.y + at.height <= box.y + box.height - 44 || (await atBottom(page)))) return row;
    await page.mouse.wheel(0, 66);
    await sleep(120);
  }
  throw new Error(`the row "${name}" never came into view`);
}

/**
 * Whether the tree is scrolled to its end (its last top row drawn).
 * @param {Page} page
 */
async function atBottom(page) {
  return page
    .locator('.pane-body [role="treeitem"][aria-level="1"]')
    .evaluateAll((/** @type {Element[]} */ els) =>
      els.some((el) => el.getAttribute('aria-posinset') === el.getAttribute('aria-setsize')),
    );
}

/**
 * The text of a row's hover, once it shows `hasText`.
 * @param {Page} page
 * @param {Locator} row
 * @param {string} hasText
 */
async function hoverText(page, row, hasText) {
  await row.hover();
  const hover = page.locator('.monaco-hover, .workbench-hover').filter({ hasText }).first();
  await hover.waitFor({ state: 'visible', timeout: 15_000 });
  return (await hover.innerText()).trim();
}

/**
 * The arXiv code a field's hover gives after its name ("Name (arXiv code): N papers…"), checked against the model.
 * @param {string} tip
 * @param {Row} row
 * @param {Map<string, string>} byCode
 */
function codeInHover(tip, row, byCode) {
  const code = new RegExp(`^${escapeRegExp(row.name)} \\(arXiv ([^)]+)\\): ${row.count} papers?\\b`).exec(tip)?.[1];
  if (!code || byCode.get(code) !== row.name) throw new Error(`the hover of "${row.name}" says "${tip}"`);
  return code;
}

/** @param {Row[]} rows */
const summary = (rows) => rows.map((r) => `${r.name} (${r.count}${r.broad ? ', broad' : ''})`).join('; ');
/** @param {Row[]} rows */
const sum = (rows) => rows.reduce((n, r) => n + r.count, 0);

/**
 * The first analysis: the top of the tree is fields, each broad theme (a field) opens on its topics.
 * @param {Page} page
 * @param {(name: string) => Promise<string>} shot
 * @param {Map<string, string>} byCode
 */
async function checkFields(page, shot, byCode) {
  const names = new Set(byCode.values());
  const top = await topRows(page);
  if (sum(top) !== LIBRARY) throw new Error(`the top rows hold ${sum(top)} papers, not ${LIBRARY}: ${summary(top)}`);
  const fields = top.filter((r) => names.has(r.name));
  const broad = top.filter((r) => r.broad);
  const notFields = broad.filter((r) => !names.has(r.name));
  if (notFields.length) throw new Error(`broad themes not named as arXiv names a field: ${summary(notFields)}`);
  if (broad.length < 3) throw new Error(`fewer than three broad themes: ${summary(top)}`);
  if (!names.has(top[0].name)) throw new Error(`the largest theme at the top is not a field: ${summary(top)}`);
  // most of the library is in fields; the rest (papers of no field the model knows) in topics beside them
  if (sum(fields) < 0.8 * LIBRARY)
    throw new Error(`the fields hold ${sum(fields)} of ${LIBRARY} papers: ${summary(top)}`);
  console.log(
    `      ${top.length} rows at the top: ${fields.length} fields holding ${sum(fields)} papers (${broad.length} with subthemes), ` +
      `${top.length - fields.length} other themes holding ${sum(top) - sum(fields)}`,
  );

  // the largest field's hover, before any row is selected
  const widest = broad[0];
  const tip = await hoverText(page, await scrollTo(page, widest.name), 'subtheme');
  codeInHover(tip, widest, byCode);
  await shot('field-hover');
  await page.mouse.move(1100, 700);

  // each broad theme (largest first, as the tree lists them) opens on topics that hold its papers
  const opened = [];
  for (const field of broad) {
    const row = await scrollTo(page, field.name);
    await setRowOpen(row, true);
    await waitFor(`the topics of "${field.name}"`, async () => (await childrenOf(row)).length >= 2);
    await sleep(300);
    const topics = await childrenOf(row);
    const held = topics.reduce((n, t) => n + Number(t.count), 0);
    if (held > field.count || topics.some((t) => t.icon !== 'codicon-symbol-namespace' || !(Number(t.count) > 0)))
      throw new Error(`"${field.name}" (${field.count}) opens on ${JSON.stringify(topics)}`);
    if (topics.some((t) => t.name.toLowerCase() === field.name.toLowerCase()))
      throw new Error(`a topic of "${field.name}" is named as the field: ${JSON.stringify(topics)}`);
    opened.push(`${field.name} ${topics.length}`);
    await setRowOpen(row, false); // the next field in view
  }
  console.log(`      topics in each broad theme: ${opened.join(', ')}`);

  // the largest field opened on its topics, the other fields below
  const row = await scrollTo(page, widest.name);
  await setRowOpen(row, true);
  await waitFor('its topics', async () => (await childrenOf(row)).length >= 2);
  await page.mouse.move(1100, 700);
  await sleep(600);
  await shot('field-topics');
  await setRowOpen(row, false);
  return top;
}

/**
 * The day's dump saved into the folder; its field shows as a new theme at the top holding its papers.
 * @param {Page} page
 * @param {(name: string) => Promise<string>} shot
 * @param {string} workspace
 * @param {Row[]} before
 * @param {Day} day
 * @param {Map<string, string>} byCode
 */
async function checkNewField(page, shot, workspace, before, day, byCode) {
  const dayFile = join(workspace, 'daily', 'day-001.txt');
  // written aside and renamed: the watcher sees the whole file at once
  writeFileSync(join(workspace, 'daily', '.day-001.part'), `Daily Papers\n\n${day.texts.join('\n')}\n`);
  renameSync(join(workspace, 'daily', '.day-001.part'), dayFile);
  const newRow = page.getByRole('treeitem', { name: /^New,/ }).first();
  await newRow.waitFor({ state: 'visible', timeout: 120_000 });
  const label = (await newRow.getAttribute('aria-label')) ?? '';
  if (Number(/(\d+) new papers?/.exec(label)?.[1]) !== DAY) throw new Error(`New says "${label}"`);
  await page.mouse.move(1100, 700);
  await sleep(800);
  await shot('day-in-new');
  await setRowOpen(newRow, false);

  // the day is in the themes when its field's theme shows
  /** @type {Row[]} */
  let last = [];
  const after = await waitFor(
    `a theme "${day.name}" at the top`,
    async () => {
      last = await topRows(page);
      return last.some((r) => r.name === day.name) && last;
    },
    60_000,
  ).catch((err) => {
    throw new Error(`${err.message}; the top rows: ${summary(last)}`);
  });
  const theme = /** @type {Row} */ (after.find((r) => r.name === day.name)); // waited for above
  // a theme that was not there before holds only papers of the day: most of them, as the field model reads them
  if (theme.count > DAY || theme.count < (2 / 3) * DAY)
    throw new Error(`"${day.name}" holds ${theme.count} of the day's ${DAY} papers`);
  for (const old of before) {
    const now = after.find((r) => r.name === old.name);
    if (!now || now.count < old.count) throw new Error(`the theme "${old.name}" changed: ${summary(after)}`);
  }
  const elsewhere = after
    .filter((r) => r.name !== day.name)
    .map((r) => ({ ...r, count: r.count - (before.find((b) => b.name === r.name)?.count ?? 0) }))
    .filter((r) => r.count > 0);
  console.log(
    `      the day's ${DAY} ${day.code} papers: ${theme.count} in the new theme "${day.name}" (row ${after.indexOf(theme) + 1} of ${after.length}), ` +
      `${elsewhere.map((r) => `${r.count} in ${r.name}`).join(', ') || 'none elsewhere'}`,
  );

  const row = await scrollTo(page, day.name);
  const code = codeInHover(await hoverText(page, row, 'papers'), theme, byCode);
  if (code !== day.code) throw new Error(`the hover of "${day.name}" gives the code ${code}, not ${day.code}`);
  await shot('new-field-hover');
  await page.mouse.move(1100, 700);
  await setRowOpen(row, true);
  await waitFor('its papers', async () => (await childrenOf(row)).length > 0);
  await page.mouse.move(1100, 700);
  await sleep(600);
  await shot('new-field-papers');
  await setRowOpen(row, false);

  // last, as it names the papers: every paper of the day is in a theme (New shows each one's theme beside it)
  const lost = LIBRARY + DAY - sum(after);
  if (lost !== 0) {
    await setRowOpen(newRow, true);
    const themeless = (await rowsAtLevel(page, 2)).filter((r) => r.description === '').map((r) => r.name);
    if (themeless.length) await scrollTo(page, themeless[0], 2);
    await page.mouse.move(1100, 700);
    await sleep(600);
    await shot('day-paper-in-no-theme');
    throw new Error(
      `${lost} paper(s) of the day in no theme: the themes hold ${sum(after)} papers, the library ${LIBRARY + DAY}; ` +
        `New lists without a theme: ${themeless.join(' | ') || '(none)'}`,
    );
  }
}

/** @type {import('../../types.js').Scenario[]} */
export const scenarios = [
  {
    name: 'real arXiv stream: fields with topics inside, a new field as a new theme',
    skip: () =>
      corpusDir()
        ? undefined
        : `no real dev corpus (${DUMP} and ${META} in ../shared/real beside the checkout, or $PAPERS_REAL_DIR)`,
    prepare(workspace) {
      candidates = writeLibrary(workspace, /** @type {string} */ (corpusDir())); // skip() checked it
      if (!candidates.length)
        throw new Error(`no category of the field model has ${DAY} papers after the library and none in it`);
    },
    async run({ page, shot, workspace, server }) {
      const byCode = fieldNames();
      const log = () => readFileSync(papersLog(server.pid, started) ?? '/dev/null', 'utf8');
      const started = Date.now();
      // the first analysis of 20,000 papers runs in a child process: the broad themes come when it is done
      await showBroadThemes(page, 300_000);
      const loaded = /loaded \d+ papers, \d+ themes in \d+ ms/.exec(log())?.[0];
      console.log(`      the fields shown ${((Date.now() - started) / 1000).toFixed(0)} s after the click (${loaded})`);
      // wide enough for the fields' names and counts; put back after, as the next windows would open that wide
      const { width } = await page.locator('.part.sidebar').boundingBox();
      await widenSidebar(page, 520);
      try {
        await sleep(500);
        await shot('fields');
        const before = await checkFields(page, shot, byCode);

        // a category the library has none of, whose field (or archive) is no theme of it yet
        const shown = new Set(before.map((r) => r.name));
        const day = candidates.find((c) => !shown.has(c.name) && !shown.has(byCode.get(c.archive) ?? ''));
        if (!day)
          throw new Error(`every candidate field is a theme already: ${candidates.map((c) => c.code).join(', ')}`);
        // the analysis in the cache first: the day is then placed in the themes, not analyzed with the library
        await waitFor('the analysis cached', async () => /cached the analysis/.test(log()), 120_000);
        try {
          await checkNewField(page, shot, workspace, before, day, byCode);
        } finally {
          const grew = /grew the analysis in \d+ ms: \d+ papers added[^\n]*/.exec(log())?.[0];
          if (grew) console.log(`      ${grew}`);
        }
      } finally {
        await widenSidebar(page, width).catch(() => undefined);
        await flushWorkbenchState(page).catch(() => undefined);
      }
    },
  },
];
