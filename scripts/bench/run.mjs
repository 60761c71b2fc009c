// `npm run bench`: bundles scripts/bench/main.ts (with the src/ code it measures) into bench/results/.build/
// and runs it with the given options. Not part of `npm test`: timings are reported, never asserted.
// `npm run bench -- --probe <corpus file> [rounds]` runs the search probe alone (searchProbe.ts);
// `npm run bench -- --themes-at-scale <n> [swap]` the theme quality of n synthetic abstracts (themesAtScale.ts).
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';

const probe = process.argv[2] === '--probe';
const themes = process.argv[2] === '--themes-at-scale';
const entry = probe ? 'scripts/bench/searchProbe.ts' : themes ? 'scripts/bench/themesAtScale.ts' : 'scripts/bench/main.ts';
const outfile = probe ? 'bench/results/.build/probe.js' : themes ? 'bench/results/.build/themes.js' : 'bench/results/.build/bench.js';
await build({ entryPoints: [entry], outfile, bundle: true, platform: 'node', target: 'node20', format: 'cjs', logLevel: 'warning' });
const args = probe || themes ? ['--expose-gc', outfile, ...process.argv.slice(3)] : [outfile, ...process.argv.slice(2)];
const run = spawnSync(process.execPath, args, { stdio: 'inherit' });
process.exitCode = run.status ?? 1;
