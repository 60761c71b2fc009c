// Every benchmark `npm run bench -- <name>` runs (scripts/bench/run.mjs), with what `--list` prints for it.
// A TypeScript entry is bundled with the src/ code it measures (runBundled.mjs) and run with `nodeFlags`;
// a `.mjs` entry runs as it is (it builds what it needs itself). Adding a benchmark is one row here.
import { CLI_NODE_FLAGS } from '../cliNodeFlags.mjs';

/** Large corpora: more heap than node's default. */
const BIG_HEAP = ['--max-old-space-size=6144'];
/** Probes that measure live memory after a forced collection (common/heap.ts). */
const GC = ['--expose-gc'];

/**
 * @typedef {object} Bench
 * @property {string} name what follows `npm run bench --`
 * @property {string} entry the script, from the repository's root
 * @property {string[]} nodeFlags node flags of a bundled entry (the CLI's when it times the analysis as `papers analyze` runs it)
 * @property {string} description one line for `--list`
 * @property {string} options its options, as `--list` shows them
 * @property {string} [then] a bench run after this one succeeded, unless `--no-<then>` is given
 */

/** @type {Bench[]} */
export const BENCHES = [
  {
    name: 'pipeline',
    entry: 'scripts/bench/pipeline/main.ts',
    nodeFlags: [],
    description:
      'the whole pipeline (load, index, themes, search, second activation) on the seeds, synthetic 1k/10k/100k and real slices, with ripgrep as reference (the default)',
    options: '[--sizes 1000,10000,100000] [--rounds N] [--real-sizes 1000,5000,20000,100000|none]',
  },
  {
    name: 'probe',
    entry: 'scripts/bench/search/searchProbe.ts',
    nodeFlags: GC,
    description: 'search alone on one corpus file: index build time, index heap, the benchmark queries',
    options: '<corpus file> [rounds]',
  },
  {
    name: 'partial',
    entry: 'scripts/bench/search/partial.ts',
    nodeFlags: BIG_HEAP,
    description: 'the partial search before the analysis ends, through the real worker (`npm run build` first)',
    options: '[sizes: N or real-N, comma-separated] [runs]',
  },
  {
    name: 'restore',
    entry: 'scripts/bench/activation/restoreProbe.ts',
    nodeFlags: GC,
    description: 'the second activation alone, per phase, from a cache entry',
    options: '<corpus file> [rounds] [work dir]',
  },
  {
    name: 'analyze-seeds',
    entry: 'scripts/bench/activation/analyzeSeeds.mjs',
    nodeFlags: [],
    description:
      'cold analysis of the seeds in fresh processes, optionally paired against another checkout or node flags',
    options:
      "[--runs N] [--warm K] [--parallel] [--corpus FILE] [--node-flags='…'] [--against DIR | --against-flags='…'] [--without-product-flags] [--against-without-product-flags] [--json]",
  },
  {
    name: 'host-memory',
    entry: 'scripts/bench/activation/hostMemory.mjs',
    nodeFlags: [],
    description:
      'the extension in a real VS Code on a large corpus: first and second activation, extension host memory (`npm run build` first)',
    options: '[--size 100000] [--corpus file.txt] [--reloads N] [--timeout SECONDS]',
  },
  {
    name: 'themes-at-scale',
    entry: 'scripts/bench/themes/themesAtScale.ts',
    nodeFlags: GC,
    description: 'theme quality (NMI against the seeds’ hand labels) of n synthetic abstracts',
    options: '<n> [swap]',
  },
  {
    name: 'real',
    entry: 'scripts/bench/themes/realThemes.ts',
    nodeFlags: CLI_NODE_FLAGS,
    description: 'themes on real arXiv abstracts against a TF-IDF/SVD + k-means baseline, then `titles`',
    options: '[sizes] [--cs-only] [--held-out] [--real-dir <dir>] [--no-titles]',
    then: 'titles',
  },
  {
    name: 'stability',
    entry: 'scripts/bench/themes/stability.ts',
    nodeFlags: CLI_NODE_FLAGS,
    description: 'regroups and new fields as papers arrive, on the dev corpus in arrival order',
    options: '[--size N] [--day D] [--parts regroup,fields-cs,fields-mixed,seeds] [--real-dir <dir>]',
  },
  {
    name: 'theme-remap',
    entry: 'scripts/bench/themes/themeRemap.ts',
    nodeFlags: [],
    description: 'the theme-correction remap at library scale (made-up ids)',
    options: '[papers] [stale] [rounds]',
  },
  {
    name: 'daily',
    entry: 'scripts/bench/daily/dailyStream.ts',
    nodeFlags: CLI_NODE_FLAGS,
    description: 'daily dumps joining a library, grown in memory and from the cache, against a full analysis',
    options: '[sizes] [--days N]',
  },
  {
    name: 'cli-state',
    entry: 'scripts/bench/cli/cliState.mjs',
    nodeFlags: [],
    description:
      '`papers analyze --state` adding a day of the dev corpus to a library, against a full run, in fresh processes (builds first)',
    options: '[--rounds 3] [--library 19500] [--day 500] [--json] [--no-build]',
  },
  {
    name: 'triage',
    entry: 'scripts/bench/daily/triageNext.ts',
    nodeFlags: [],
    description: 'the host\'s work for one "next" of the morning pass in a list of 100,000 real abstracts',
    options: '[size] [steps]',
  },
  {
    name: 'arrivals',
    entry: 'scripts/bench/daily/arrivals.ts',
    nodeFlags: [],
    description: 'the "new papers" state at 10k and 100k known ids: its size and the time to record, write and read it',
    options: '',
  },
  {
    name: 'foryou',
    entry: 'scripts/bench/forYou/forYou.ts',
    nodeFlags: BIG_HEAP,
    description: 'the For You ranking against a TF-IDF centroid and a linear SVM, on simulated readers',
    options: '[--size N] [--offset N] [--readers N] [--timing 20000,100000] [--reuse]',
  },
  {
    name: 'latex',
    entry: 'scripts/bench/titles/latexLeaks.ts',
    nodeFlags: GC,
    description: 'LaTeX leaking into the titles and keywords of real abstracts, before and after decoding',
    options: '[count]',
  },
  {
    name: 'titles',
    entry: 'scripts/bench/titles/titleFigures.ts',
    nodeFlags: GC,
    description: 'derived titles of held-out real abstracts against their real titles',
    options: '[count]',
  },
];
