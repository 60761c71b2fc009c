// `npm run bench`: bundles scripts/bench/main.ts (with the src/ code it measures) into bench/results/.build/
// and runs it with the given options. Not part of `npm test`: timings are reported, never asserted.
// `npm run bench -- --probe <corpus file> [rounds]` runs the search probe alone (searchProbe.ts);
// `npm run bench -- --restore <corpus file> [rounds] [work dir]` the second activation alone (restoreProbe.ts).
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';

const probe = process.argv[2] === '--probe' || process.argv[2] === '--restore';
const entry = process.argv[2] === '--probe' ? 'scripts/bench/searchProbe.ts' : probe ? 'scripts/bench/restoreProbe.ts' : 'scripts/bench/main.ts';
const outfile = process.argv[2] === '--probe' ? 'bench/results/.build/probe.js' : probe ? 'bench/results/.build/restore.js' : 'bench/results/.build/bench.js';
await build({ entryPoints: [entry], outfile, bundle: true, platform: 'node', target: 'node20', format: 'cjs', logLevel: 'warning' });
const args = probe ? ['--expose-gc', outfile, ...process.argv.slice(3)] : [outfile, ...process.argv.slice(2)];
const run = spawnSync(process.execPath, args, { stdio: 'inherit' });
process.exitCode = run.status ?? 1;
