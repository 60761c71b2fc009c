// `npm run fields:build`: bundles scripts/fields/buildFieldModel.ts (with the src/ code it shares with the
// extension) into bench/results/.build/ and runs it with the given options (see that file).
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';

const outfile = 'bench/results/.build/fields.js';
await build({
  entryPoints: ['scripts/fields/buildFieldModel.ts'],
  outfile,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  logLevel: 'warning',
});
const run = spawnSync(process.execPath, ['--max-old-space-size=8192', outfile, ...process.argv.slice(2)], {
  stdio: 'inherit',
});
process.exitCode = run.status ?? 1;
