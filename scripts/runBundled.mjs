// Bundles a TypeScript script (with the src/ code it shares with the extension) into bench/results/.build/ and
// runs it with Node, passing the command line's options on: what `npm run bench`, `fields:build` and `titles:build` do.
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';

/**
 * Exit code of `node <nodeFlags> <bundle of entry> <args>`.
 * @param {string} entry
 * @param {string} name
 * @param {string[]} nodeFlags
 * @param {string[]} args
 * @returns {Promise<number>}
 */
export async function runBundled(entry, name, nodeFlags, args) {
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
