// `papers analyze --state DIR` adding a day to a library, against a full run, as a user runs them: the built CLI
// (dist/cli.js, built first unless --no-build) in fresh processes.
//   npm run bench -- cli-state [--rounds N] [--library 19500] [--day 500] [--json] [--no-build]
// From the dev corpus (../shared/real, or $PAPERS_REAL_DIR) it writes, in a temp folder, a library of the first
// --library abstracts in arrival order and a day of the next --day, makes the library's state once (a cold run, not
// counted), then alternates for N rounds: a full run (`analyze library.txt daily.txt --state EMPTY`) and an add (the same
// command on a copy of the library's state: `daily.txt` is the new file). Alternating makes a machine whose speed
// drifts slow both alike. Each run's wall time and its CPU time (the child's user+system, all its threads, from the
// shell's `times`) are printed, with the ratios add/full; then where the add's time goes (the CLI's PAPERS_TIMINGS
// line: each step's wall and CPU milliseconds) and the load average, since other processes slow every figure.
// Output goes to /dev/null: the table by default, the JSON with --json.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { gunzipSync } from 'node:zlib';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    library: { type: 'string', default: '19500' },
    day: { type: 'string', default: '500' },
    json: { type: 'boolean' },
    'no-build': { type: 'boolean' },
  },
});
const root = resolve(import.meta.dirname, '..', '..', '..');
const DUMP = 'arxiv-dev-80k.txt.gz';
/** The CLI's timing line on stderr (src/cli/analyzeCommand.ts TIMINGS_PREFIX). */
const TIMINGS_PREFIX = 'papers analyze: timings ';

const places = process.env.PAPERS_REAL_DIR
  ? [process.env.PAPERS_REAL_DIR]
  : [resolve(root, '..', 'shared', 'real'), resolve(root, '..', '..', 'shared', 'real')];
const realDir = places.find((d) => existsSync(join(d, DUMP)));
if (!realDir) {
  console.log(`cli-state: skipped: no real dev corpus (${DUMP} in ../shared/real or $PAPERS_REAL_DIR)`);
  process.exit(0);
}
const [librarySize, daySize, rounds] = [Number(values.library), Number(values.day), Number(values.rounds)];
if (![librarySize, daySize, rounds].every((n) => Number.isInteger(n) && n > 0)) {
  console.error('cli-state: --library, --day and --rounds take whole numbers above 0');
  process.exit(2);
}

if (!values['no-build']) execFileSync(process.execPath, [join(root, 'scripts', 'build.mjs')], { stdio: 'inherit' });
const cli = join(root, 'dist', 'cli.js');

const abstracts = gunzipSync(readFileSync(join(realDir, DUMP)))
  .toString('utf8')
  .split('\n')
  .slice(2)
  .filter((l) => l.trim() !== '');
const work = mkdtempSync(join(tmpdir(), 'papers-cli-state-'));
const dump = (/** @type {string[]} */ texts) => `Daily Papers\n\n${texts.join('\n')}\n`;
const library = join(work, 'library.txt');
const daily = join(work, 'daily.txt');
writeFileSync(library, dump(abstracts.slice(0, librarySize)));
writeFileSync(daily, dump(abstracts.slice(librarySize, librarySize + daySize)));

/**
 * @typedef {object} Run
 * @property {number} wall milliseconds, the process's start to its end
 * @property {number} cpu the child's user+system milliseconds (all its threads)
 * @property {Record<string, number>} timings the CLI's PAPERS_TIMINGS line
 */

/**
 * One `papers analyze` in a fresh process, through bash so that `times` gives the child's CPU time.
 * @param {string[]} files
 * @param {string} state
 * @returns {Run}
 */
function analyze(files, state) {
  const args = [cli, 'analyze', ...files, '--state', state, ...(values.json ? ['--json'] : [])];
  const script = '"$@" > /dev/null; status=$?; times >&2; exit $status';
  const started = performance.now();
  const r = spawnSync('bash', ['-c', script, 'bash', process.execPath, '--v8-pool-size=1', ...args], {
    cwd: work,
    encoding: 'utf8',
    env: { ...process.env, PAPERS_TIMINGS: '1' },
    maxBuffer: 64 * 1024 * 1024,
  });
  const wall = performance.now() - started;
  if (r.status !== 0 && r.status !== 1) throw new Error(`papers analyze failed (${r.status}):\n${r.stderr}`);
  const lines = r.stderr.trim().split('\n');
  // `times`: the shell's own user and system time, then its children's
  const [user, system] = lines[lines.length - 1].split(/\s+/).map(seconds);
  const line = lines.find((l) => l.startsWith(TIMINGS_PREFIX));
  return {
    wall,
    cpu: user + system,
    timings: line ? JSON.parse(line.slice(TIMINGS_PREFIX.length)) : {},
  };
}

/** @param {string} t `times`' 0m1.234s */
function seconds(t) {
  const m = /^(\d+)m([\d.]+)s$/.exec(t);
  if (!m) throw new Error(`unexpected times output: ${t}`);
  return (Number(m[1]) * 60 + Number(m[2])) * 1000;
}

/** @param {number[]} xs */
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const s = (/** @type {number} */ ms) => (ms / 1000).toFixed(2).padStart(6);

const loadBefore = loadavg();
console.log(
  `cli-state: ${librarySize} papers + a day of ${daySize}, ${rounds} rounds, output ${values.json ? '--json' : 'table'}; work folder ${work}`,
);
const base = join(work, 'library-state');
const first = analyze([library], base);
console.log(`library state made in ${s(first.wall)} s (cpu ${s(first.cpu)} s), not counted`);
console.log('round   full wall   full cpu    add wall    add cpu   add/full wall   add/full cpu');
/** @type {Run[]} */
const fulls = [];
/** @type {Run[]} */
const adds = [];
for (let i = 0; i < rounds; i++) {
  const fresh = join(work, `full-${i}`);
  const full = analyze([library, daily], fresh);
  rmSync(fresh, { recursive: true, force: true });
  const copy = join(work, `add-${i}`);
  cpSync(base, copy, { recursive: true });
  const add = analyze([library, daily], copy);
  rmSync(copy, { recursive: true, force: true });
  fulls.push(full);
  adds.push(add);
  console.log(
    `${String(i + 1).padStart(5)}   ${s(full.wall)} s   ${s(full.cpu)} s   ${s(add.wall)} s   ${s(add.cpu)} s   ` +
      `${(add.wall / full.wall).toFixed(3).padStart(13)}   ${(add.cpu / full.cpu).toFixed(3).padStart(12)}`,
  );
}
const med = (/** @type {Run[]} */ runs, /** @type {(r: Run) => number} */ f) => median(runs.map(f));
console.log(
  `median  ${s(med(fulls, (r) => r.wall))} s   ${s(med(fulls, (r) => r.cpu))} s   ${s(med(adds, (r) => r.wall))} s   ${s(med(adds, (r) => r.cpu))} s   ` +
    `${median(adds.map((a, i) => a.wall / fulls[i].wall))
      .toFixed(3)
      .padStart(13)}   ${median(adds.map((a, i) => a.cpu / fulls[i].cpu))
      .toFixed(3)
      .padStart(12)}`,
);
console.log("\nthe add's steps (median ms; cpu.<step>: the process's CPU over the step, all threads):");
const keys = [...new Set(adds.flatMap((a) => Object.keys(a.timings)))];
console.log(
  keys
    .map((k) => `  ${k.padEnd(20)} ${String(Math.round(med(adds, (a) => a.timings[k] ?? 0))).padStart(6)}`)
    .join('\n'),
);
console.log(
  `\nload average before ${loadBefore.map((l) => l.toFixed(2)).join(' ')}, after ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
rmSync(work, { recursive: true, force: true });
