// `npm run bench`: bundles scripts/bench/main.ts (with the src/ code it measures) into bench/results/.build/
// and runs it with the given options. Not part of `npm test`: timings are reported, never asserted.
// `npm run bench -- --probe <corpus file> [rounds]` runs the search probe alone (searchProbe.ts);
// `npm run bench -- --partial [sizes] [runs]` measures the partial search's chunks (partial.ts; needs `npm run build`);
// `npm run bench -- --restore <corpus file> [rounds] [work dir]` the second activation alone (restoreProbe.ts);
// `npm run bench -- --themes-at-scale <n> [swap]` the theme quality of n synthetic abstracts (themesAtScale.ts);
// `npm run bench -- --real [sizes] [--cs-only] [--no-titles]` themes on real arXiv abstracts against a baseline
// (realThemes.ts), then the title figures of --titles,
// run with the CLI's node flags since it times the analysis as `papers analyze` runs it;
// `npm run bench -- --daily [sizes] [--days N]` the daily stream: dumps joining a library (dailyStream.ts);
// `npm run bench -- --foryou [--size N] [--readers N]` the For You ranking against two baselines (forYou.ts);
// `npm run bench -- --latex [count]` LaTeX leaking into titles and keywords of real abstracts (latexLeaks.ts);
// `npm run bench -- --titles [count]` derived titles of held-out real abstracts against their real titles (titleFigures.ts);
// `npm run bench -- --stability [--size N] [--parts ...]` regroups and new fields as papers arrive (stability.ts);
// `npm run bench -- --triage [size] [steps]` the host's work for one "next" of the morning pass (triageNext.ts).
import { CLI_NODE_FLAGS } from '../cliNodeFlags.mjs';
import { runBundled } from '../runBundled.mjs';

const mode =
  {
    '--probe': 'probe',
    '--partial': 'partial',
    '--restore': 'restore',
    '--themes-at-scale': 'themes',
    '--real': 'real',
    '--daily': 'daily',
    '--foryou': 'foryou',
    '--latex': 'latex',
    '--titles': 'titles',
    '--stability': 'stability',
    '--triage': 'triage',
  }[process.argv[2]] ?? 'bench';
const entry = {
  probe: 'scripts/bench/searchProbe.ts',
  partial: 'scripts/bench/partial.ts',
  restore: 'scripts/bench/restoreProbe.ts',
  themes: 'scripts/bench/themesAtScale.ts',
  real: 'scripts/bench/realThemes.ts',
  daily: 'scripts/bench/dailyStream.ts',
  foryou: 'scripts/bench/forYou.ts',
  latex: 'scripts/bench/latexLeaks.ts',
  titles: 'scripts/bench/titleFigures.ts',
  stability: 'scripts/bench/stability.ts',
  triage: 'scripts/bench/triageNext.ts',
  bench: 'scripts/bench/main.ts',
}[mode];
const nodeFlags =
  mode === 'bench'
    ? []
    : mode === 'real' || mode === 'daily' || mode === 'stability'
      ? CLI_NODE_FLAGS
      : mode === 'partial' || mode === 'foryou'
        ? ['--max-old-space-size=6144']
        : ['--expose-gc'];
process.exitCode = await runBundled(entry, mode, nodeFlags, process.argv.slice(mode === 'bench' ? 2 : 3));
// the themes of real abstracts come with the titles of real abstracts: the held-out papers' four title figures
if (mode === 'real' && process.exitCode === 0 && !process.argv.includes('--no-titles'))
  process.exitCode = await runBundled('scripts/bench/titleFigures.ts', 'titles', ['--expose-gc'], []);
