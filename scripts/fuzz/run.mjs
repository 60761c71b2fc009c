// `npm run fuzz`: the whole-process fuzzer (issue 18). Each case lays out a scratch workspace with one
// adversarial input (cases.mjs), beside a watched victim folder, and runs the `papers` CLI (or the stores
// harness, stores.ts) in it as a child process. A run fails on: a stack trace on stderr (anything but the
// product's one-line `file:line: message` reports), an exit code other than 0/1/2, death by a signal, a hang
// (--timeout), peak memory over --max-rss, any entry written, changed or removed outside the workspace, or the
// victim's secret copied into the workspace. Exits 1 when any run failed.
//
//   npm run fuzz -- [--seed N] [--budget SECONDS] [--runs CASES] [--timeout SECONDS] [--max-rss MB]
//                   [--heap MB] [--classes a,b] [--no-build]
//   npm run fuzz -- --seed N --case K     runs case K of seed N alone and keeps its folder (a reproducer)
//
// Case K of seed N is the same input on every machine; the budget only decides how many cases run.
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { CLASSES } from './cases.mjs';
import { runChild } from './child.mjs';
import { caseRandom } from './prng.mjs';
import { changes, filesHolding, snapshot } from './sentinel.mjs';
import { Place } from './workspace.mjs';
import { failuresOf, printSummary, Tally } from './report.mjs';
/** @typedef {import('./types.js').FuzzOptions} FuzzOptions */
/** @typedef {import('./types.js').Case} Case */
/** @typedef {import('./types.js').Run} Run */

const RESULTS = 'bench/results/fuzz';
const STORES_BUNDLE = `${RESULTS}/.build/stores.js`;

/**
 * @param {string[]} argv
 * @returns {FuzzOptions}
 */
function options(argv) {
  /** @type {Omit<FuzzOptions, 'seed'> & { seed?: number }} */
  const o = { seed: undefined, budget: 60, runs: Infinity, timeout: 20, maxRss: 1536, heap: 1024, build: true };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split(/=(.*)/s);
    const value = () => inline ?? argv[++i];
    if (flag === '--seed') o.seed = Number(value());
    else if (flag === '--budget') o.budget = Number(value());
    else if (flag === '--runs') o.runs = Number(value());
    else if (flag === '--case') o.only = Number(value());
    else if (flag === '--timeout') o.timeout = Number(value());
    else if (flag === '--max-rss') o.maxRss = Number(value());
    else if (flag === '--heap') o.heap = Number(value());
    else if (flag === '--classes') o.classes = value().split(',');
    else if (flag === '--no-build') o.build = false;
    else throw new Error(`fuzz: unknown option ${argv[i]}`);
  }
  o.seed ??= Date.now() % 1_000_000;
  for (const k of /** @type {const} */ (['seed', 'budget', 'runs', 'timeout', 'maxRss', 'heap']))
    if (!(/** @type {number} */ (o[k]) >= 0)) throw new Error(`fuzz: --${k} takes a number ≥ 0`);
  return /** @type {FuzzOptions} */ (o);
}

/**
 * The folder of one case: the workspace, the victim folder beside it, and the child's own HOME and TMPDIR.
 * @param {string} root
 * @param {number} caseNo
 */
function layOut(root, caseNo) {
  const dir = join(root, `case-${caseNo}`);
  const secret = `VICTIM-SECRET-${caseNo}-${process.pid}`;
  for (const sub of ['ws', 'victim/notes', 'victim/links', 'home', 'tmp'])
    mkdirSync(join(dir, sub), { recursive: true });
  writeFileSync(join(dir, 'victim/settings.json'), '{ "victim": true }\n');
  writeFileSync(join(dir, 'victim/id_rsa'), `${secret}\n`);
  writeFileSync(join(dir, 'victim/notes/n.md'), '# victim\n');
  return { dir, secret, place: new Place(join(dir, 'ws'), join(dir, 'victim')) };
}

/**
 * Runs one command line of a case; returns its outcome and what went wrong (empty when nothing did).
 * @param {string[]} args
 * @param {Case} c
 * @param {FuzzOptions} o
 * @returns {Promise<Run>}
 */
async function runCommand(args, c, o) {
  const nodeArgs =
    args[0] === '@stores'
      ? [`--max-old-space-size=${o.heap}`, resolve(STORES_BUNDLE), ...args.slice(1)]
      : ['--v8-pool-size=1', `--max-old-space-size=${o.heap}`, resolve('dist/cli.js'), ...args];
  const outside = snapshot(c.dir, new Set(['ws']));
  const env = { ...process.env, HOME: join(c.dir, 'home'), TMPDIR: join(c.dir, 'tmp'), NO_COLOR: '1' };
  const result = await runChild({ nodeArgs, cwd: c.place.ws, env, timeoutMs: o.timeout * 1000, maxRssMb: o.maxRss });
  const problems = failuresOf(result, o);
  const changed = changes(outside, snapshot(c.dir, new Set(['ws'])));
  if (changed.length) problems.push(`outside-write (${changed.slice(0, 5).join(', ')})`);
  const stray = readdirSync(c.root).filter((n) => n !== `case-${c.caseNo}`);
  if (stray.length) problems.push(`outside-write (beside the case: ${stray.join(', ')})`);
  const leaked = filesHolding(c.place.ws, c.secret);
  if (leaked.length) problems.push(`outside-read-copied (${leaked.join(', ')})`);
  return { result, problems };
}

/**
 * Keeps a failed case's folder (workspace and victim, special files as they are) and how to run it again.
 * @param {Case} c
 * @param {FuzzOptions} o
 * @param {string} cls
 * @param {string[]} args
 * @param {Run} run
 */
function keepReproducer(c, o, cls, args, run) {
  const dest = resolve(RESULTS, `seed-${o.seed}-case-${c.caseNo}-${cls}`);
  rmSync(dest, { recursive: true, force: true });
  mkdirSync(dest, { recursive: true });
  spawnSync('cp', ['-a', join(c.dir, 'ws'), join(c.dir, 'victim'), dest]);
  const command = args[0] === '@stores' ? `node ${STORES_BUNDLE} ${args[1]}` : `node dist/cli.js ${args.join(' ')}`;
  const text = [
    `class: ${cls}`,
    `again: npm run fuzz -- --seed ${o.seed} --case ${c.caseNo}`,
    `command (in ws/): ${command}`,
    `outcome: ${run.problems.join('; ')}`,
    `exit: ${run.result.code ?? run.result.signal}, ${run.result.ms} ms, peak ${run.result.peakMb} MB`,
    'stderr (first 40 lines):',
    ...run.result.stderr.split('\n').slice(0, 40),
  ];
  writeFileSync(join(dest, 'repro.txt'), `${text.join('\n')}\n`);
  return dest;
}

/**
 * @param {string} root
 * @param {number} caseNo
 * @param {FuzzOptions} o
 * @param {Tally} tally
 */
async function runCase(root, caseNo, o, tally) {
  const classes = o.classes ? CLASSES.filter((c) => /** @type {string[]} */ (o.classes).includes(c.name)) : CLASSES;
  const cls = classes[caseNo % classes.length];
  const c = { ...layOut(root, caseNo), caseNo, root };
  let commands;
  try {
    commands = cls.make(caseRandom(o.seed, caseNo), c.place);
  } catch (err) {
    // the fuzzer's own bug, not the product's: said with what regenerates it, counted, and the run goes on
    tally.generatorErrors.push(`${cls.name}: seed ${o.seed} case ${caseNo}: ${/** @type {Error} */ (err).message}`);
    rmSync(c.dir, { recursive: true, force: true });
    return;
  }
  // a command line cannot carry a NUL byte (files can, and do)
  for (const args of commands.map((line) => line.map((a) => a.replaceAll('\u0000', '')))) {
    const run = await runCommand(args, c, o);
    const repro = run.problems.length ? keepReproducer(c, o, cls.name, args, run) : undefined;
    tally.add(cls.name, caseNo, args, run, repro);
    if (o.only !== undefined) process.stderr.write(run.result.stderr);
  }
  if (o.only === undefined) rmSync(c.dir, { recursive: true, force: true });
  else process.stdout.write(`case folder kept: ${c.dir}\n`);
}

/** @param {FuzzOptions} o */
async function prepare(o) {
  if (o.build && spawnSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' }).status !== 0)
    throw new Error('fuzz: the build failed');
  await build({
    entryPoints: ['scripts/fuzz/stores.ts'],
    outfile: STORES_BUNDLE,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    logLevel: 'warning',
  });
}

async function main() {
  const o = options(process.argv.slice(2));
  await prepare(o);
  const root = mkdtempSync(join(tmpdir(), 'papers-fuzz-'));
  const tally = new Tally();
  const started = Date.now();
  process.stdout.write(`fuzz: seed ${o.seed}, budget ${o.budget} s, ${CLASSES.length} classes, scratch ${root}\n`);
  try {
    if (o.only !== undefined) await runCase(root, o.only, o, tally);
    else for (let n = 0; n < o.runs && Date.now() - started < o.budget * 1000; n++) await runCase(root, n, o, tally);
  } finally {
    if (o.only === undefined) rmSync(root, { recursive: true, force: true });
  }
  printSummary(tally, o, Date.now() - started);
  for (const e of tally.generatorErrors)
    process.stdout.write(`generator error (the fuzzer's, not the product's): ${e}\n`);
  process.exitCode = tally.failures.length || tally.generatorErrors.length ? 1 : 0;
}

main().catch((err) => {
  process.stderr.write(`${err.message}\n`);
  process.exitCode = 2;
});
