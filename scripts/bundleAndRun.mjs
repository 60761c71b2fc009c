// Bundles a TypeScript entry point of the repository's scripts (with the src/ code it uses) into
// bench/results/.build/ and runs it in a child Node with the given flags: the benchmarks and the model builders
// run the extension's own code this way, without a build of their own.
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';

/** Bundles `entry` as bench/results/.build/<name>.js, runs it with `nodeFlags` and `args`; returns its exit code. */
export async function bundleAndRun(entry, name, nodeFlags, args) {
  const outfile = `bench/results/.build/${name}.js`;
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    logLevel: 'warning',
  });
  const run = spawnSync(process.execPath, [...nodeFlags, outfile, ...args], { stdio: 'inherit' });
  return run.status ?? 1;
}
