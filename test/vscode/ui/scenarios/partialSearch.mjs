// What the user sees when searching while the first analysis of a large collection runs: results from the
// abstracts indexed so far, under a title that says the search is partial, then the full results.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sleep, waitFor } from '../workbench.mjs';

const SEEDS = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..', 'seeds');
const PAPERS = 8000;

/**
 * `n` abstracts recombined from the sentences of the bundled abstracts (a seeded PRNG), as the benchmark does.
 * @param {number} n
 */
export function recombined(n) {
  const abstracts = readdirSync(SEEDS)
    .filter((f) => f.endsWith('.txt'))
    .flatMap((f) =>
      readFileSync(join(SEEDS, f), 'utf8')
        .split(/\n\s*\n/)
        .slice(1),
    );
  const sentences = abstracts.map((a) => a.trim().split(/(?<=[.!?])\s+(?=[A-Z])/)).filter((s) => s.length > 0);
  const all = sentences.flat();
  let state = 99;
  const rand = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return Array.from({ length: n }, (_, i) => {
    const topic = sentences[Math.floor(rand() * sentences.length)];
    // the first sentence from anywhere: the abstracts' first words (the partial results' titles) vary
    const parts = topic.map((s, k) => (k === 0 || rand() < 0.35 ? all[Math.floor(rand() * all.length)] : s));
    return `${parts.join(' ')} (${i})`.replace(/\s+/g, ' ');
  });
}

/**
 * A workspace whose one collection is `n` recombined abstracts: written before the window opens, so the first analysis is this library's.
 * @param {string} workspace
 * @param {number} n
 */
export function prepareLibrary(workspace, n) {
  writeFileSync(join(workspace, 'library.txt'), `Daily Papers\n\n${recombined(n).join('\n\n')}\n`);
  mkdirSync(join(workspace, '.vscode'), { recursive: true });
  writeFileSync(
    join(workspace, '.vscode', 'settings.json'),
    `${JSON.stringify({ 'papers.collections': ['library.txt'] }, null, 2)}\n`,
  );
}

/** @type {import('../../types.js').Scenario[]} */
export const scenarios = [
  {
    name: 'search during the first analysis of a large collection shows partial results, then the full ones',
    // before the window opens: the extension's first analysis is the library's (with the bundled seeds
    // loaded first, search would stay on them while the library is analyzed)
    prepare: (workspace) => prepareLibrary(workspace, PAPERS),
    async run({ page, runCommand, shot, holdAnalysisFile }) {
      // the finished analysis waits until the partial results are seen: a fast machine would otherwise finish first
      writeFileSync(holdAnalysisFile, 'held by the partial search scenario\n');
      const input = page.locator('.quick-input-widget input.input');
      const title = page.locator('.quick-input-widget .quick-input-title');
      const rows = page.locator('.quick-input-list .monaco-list-row');
      for (let attempt = 1; ; attempt++) {
        await runCommand('Papers: Search Papers…');
        try {
          await title.filter({ hasText: 'Search Papers' }).waitFor({ state: 'visible', timeout: 15_000 });
          break;
        } catch (err) {
          if (attempt === 5) throw err;
          await page.keyboard.press('Escape');
          await sleep(2000); // "still loading": no chunk yet
        }
      }
      await input.pressSequentially('diffusion', { delay: 40 });
      await waitFor(
        `partial results (the pick says "${await title.innerText()}")`,
        async () =>
          /partial: [\d,]+ of 8,000 papers indexed/.test(await title.innerText()) && (await rows.count()) >= 3,
        60_000,
      );
      const label = await rows.first().locator('.label-name').first().innerText();
      if (!label.endsWith('…'))
        throw new Error(`a partial result's title is not the first words of its abstract: ${label}`);
      await page.mouse.move(640, 700); // no hover over the input
      await sleep(500);
      await shot('partial-results');
      rmSync(holdAnalysisFile);
      await waitFor(
        'the full results',
        async () => /^Search Papers \(\d+\+? of 8000\)$/.test((await title.innerText()).trim()),
        240_000,
      );
      await shot('full-results');
    },
  },
];
