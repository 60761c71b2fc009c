// `npm run bench -- <name> [options]`: runs one benchmark of benches.mjs; `npm run bench -- --list` lists them
// with their options. Without a name (or with options only) it runs `pipeline`, the whole pipeline. `--<name>`
// (`npm run bench -- --probe file`) is the same as `<name>`. Not part of `npm test`: timings are reported, never
// asserted.
import { spawnSync } from 'node:child_process';
import { runBundled } from '../runBundled.mjs';
import { BENCHES } from './benches.mjs';

const DEFAULT = 'pipeline';

/** @param {string | undefined} word */
const benchNamed = (word) => BENCHES.find((b) => word === b.name || word === `--${b.name}`);

function list() {
  const width = Math.max(...BENCHES.map((b) => b.name.length));
  const lines = BENCHES.map(
    (b) => `  ${b.name.padEnd(width)}  ${b.description}\n  ${' '.repeat(width)}  ${b.options || '(no options)'}`,
  );
  return `npm run bench -- <name> [options]   (no name: ${DEFAULT})\n\n${lines.join('\n')}\n`;
}

/**
 * Exit code of one benchmark run with `args`.
 * @param {import('./benches.mjs').Bench} bench
 * @param {string[]} args
 */
async function run(bench, args) {
  if (bench.entry.endsWith('.mjs'))
    return spawnSync(process.execPath, [bench.entry, ...args], { stdio: 'inherit' }).status ?? 1;
  return runBundled(bench.entry, bench.name, bench.nodeFlags, args);
}

const [first, ...rest] = process.argv.slice(2);
if (first === '--list' || first === '--help' || first === '-h') {
  process.stdout.write(list());
} else {
  const named = benchNamed(first);
  if (!named && first !== undefined && !first.startsWith('--')) {
    process.stderr.write(`npm run bench: no benchmark named "${first}".\n\n${list()}`);
    process.exitCode = 2;
  } else {
    const bench = named ?? benchNamed(DEFAULT);
    const args = named ? rest : process.argv.slice(2);
    if (!bench) throw new Error(`npm run bench: the default benchmark ${DEFAULT} is missing from benches.mjs`);
    process.exitCode = await run(bench, args);
    const then = bench.then && benchNamed(bench.then);
    if (then && process.exitCode === 0 && !args.includes(`--no-${then.name}`)) process.exitCode = await run(then, []);
  }
}
