// `npm run bench`: bundles scripts/bench/main.ts (with the src/ code it measures) into bench/results/.build/
// and runs it with the given options. Not part of `npm test`: timings are reported, never asserted.
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';

const outfile = 'bench/results/.build/bench.js';
await build({ entryPoints: ['scripts/bench/main.ts'], outfile, bundle: true, platform: 'node', target: 'node20', format: 'cjs', logLevel: 'warning' });
const run = spawnSync(process.execPath, [outfile, ...process.argv.slice(2)], { stdio: 'inherit' });
process.exitCode = run.status ?? 1;
