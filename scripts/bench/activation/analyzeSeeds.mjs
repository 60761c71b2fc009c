// Cold timing of the core analysis of the bundled seeds: each run is a fresh node process (so JIT
// warm-up counts, as it does for a user), and the script reports min / median per step.
//   npm run bench -- analyze-seeds [--runs N] [--warm K] [--parallel] [--node-flags='--flag ...'] [--corpus FILE]
//     [--against DIR | --against-flags='--flag ...'] [--without-product-flags] [--against-without-product-flags] [--json]
// --against DIR compares this checkout with another one (a git worktree of the code before a change): the runs
// alternate between the two, so that a machine whose speed drifts from minute to minute slows both alike, and the
// script adds the median of the paired differences (this minus DIR) per step.
// The probe runs as the CLI does: with the CLI's node flags (scripts/cliNodeFlags.mjs) and the V8 settings it applies
// at start (src/node/analysis/compileFlags.ts); --without-product-flags leaves both out on this side,
// --against-without-product-flags on the other side.
// --against-flags='…' compares the same way this checkout run with --node-flags and with these node flags instead.
// --corpus analyzes one Daily Papers file instead of the seeds (to compare one and two threads on other sizes).
// --parallel analyzes as the CLI and the extension do (analyzeInParallel: titles and keywords on a worker
// thread; their step times then overlap the others', 'analyze' is the wall time).
// 'analyze' is parse + analyzeCorpus; 'related' asks the 5 related papers of every paper (as 'papers analyze --json');
// 'sinceStart' adds the require of the bundled core; 'cpu' is the
// process's user+system CPU time (all its threads, node's start-up included): steadier than wall time on a busy machine;
// 'mainThreadCpu' the main thread's alone (10 ms ticks).
// --warm K analyzes K times first in the same process and reports the last run (the warm figure).
// Also prints the load average: other processes on the machine slow every figure down.
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '7' },
    warm: { type: 'string', default: '0' },
    parallel: { type: 'boolean' },
    against: { type: 'string' },
    'node-flags': { type: 'string', default: '' },
    'against-flags': { type: 'string' },
    'without-product-flags': { type: 'boolean' },
    'against-without-product-flags': { type: 'boolean' },
    corpus: { type: 'string' },
    json: { type: 'boolean' },
  },
});
const here = resolve(import.meta.dirname, '..', '..', '..');

/**
 * Bundles the core of the checkout at `root` with a probe that analyzes once and prints its timings; returns the probe's folder.
 * @param {string} root
 */
async function makeProbe(root) {
  const dir = mkdtempSync(join(tmpdir(), 'papers-bench-'));
  // the core is bundled alone; the probe requires it (timed), reads, parses, analyzes and prints its timings
  const entry = join(dir, 'core.ts');
  writeFileSync(
    entry,
    `export { analyzeCorpus } from ${JSON.stringify(join(root, 'src/core/analysis/analyze'))};
  export { mergeCollections, parseCollectionBytes } from ${JSON.stringify(join(root, 'src/core/collections/corpus'))};
  export { analyzeInParallel } from ${JSON.stringify(join(root, 'src/node/analysis/parallel'))};
  ${existsSync(join(root, 'src/node/analysis/compileFlags.ts')) ? `export { useColdRunCompileFlags } from ${JSON.stringify(join(root, 'src/node/analysis/compileFlags'))};` : ''}
  `,
  );
  /** @type {import('esbuild').BuildOptions} */
  const bundle = { bundle: true, platform: 'node', target: 'node20', format: 'cjs', logLevel: 'warning' };
  await build({ ...bundle, entryPoints: [entry], outfile: join(dir, 'core.js') });
  await build({
    ...bundle,
    entryPoints: [join(root, 'src/node/analysis/textFeaturesWorker.ts')],
    outfile: join(dir, 'textFeaturesWorker.js'),
  });
  writeFileSync(
    join(dir, 'probe.js'),
    `
  const start = performance.now();
  const { analyzeCorpus, analyzeInParallel, mergeCollections, parseCollectionBytes, useColdRunCompileFlags } = require('./core.js');
  // the V8 settings the CLI and the analysis process use (src/node/analysis/compileFlags.ts), unless --without-product-flags
  if (process.env.PAPERS_BENCH_PRODUCT_FLAGS === '1') useColdRunCompileFlags?.();
  const tRequire = performance.now() - start;
  const { readdirSync, readFileSync } = require('node:fs');
  const { join } = require('node:path');
  const seeds = ${JSON.stringify(join(root, 'seeds'))};
  const corpusFile = process.env.PAPERS_BENCH_CORPUS;
  const files = corpusFile ? [{ name: corpusFile, bytes: new Uint8Array(readFileSync(corpusFile)) }] : readdirSync(seeds).filter((f) => f.endsWith('.txt')).sort().map((name) => ({ name, bytes: new Uint8Array(readFileSync(join(seeds, name))) }));
  const warm = Number(process.env.PAPERS_BENCH_WARM ?? '0');
  const parallel = process.env.PAPERS_BENCH_PARALLEL === '1';
  const once = async () => {
    const t1 = performance.now();
    const corpus = mergeCollections(files.map((f) => ({ path: f.name, result: parseCollectionBytes(f.bytes, f.name) })));
    const parse = performance.now() - t1;
    const a = parallel ? await analyzeInParallel(corpus, join(__dirname, 'textFeaturesWorker.js')) : analyzeCorpus(corpus);
    const analyze = performance.now() - t1;
    // related papers are computed on demand; 'related' asks for 5 of every paper, as 'papers analyze --json' does
    // (all at once where the checkout can: relatedToAll)
    const t2 = performance.now();
    a.related.relatedToAll?.(5);
    for (const p of a.papers) a.related.relatedTo(p.id, 5);
    const related = performance.now() - t2;
    return { parse, ...a.timings, analyze, related, analyzeAndRelated: analyze + related, nPapers: a.papers.length, nThemes: a.themes.length };
  };
  // CPU time of this thread alone (Linux): with --parallel, the main thread's share of the work
  const threadCpu = () => {
    try {
      const f = readFileSync('/proc/thread-self/stat', 'utf8').split(') ')[1].split(' ');
      return (Number(f[11]) + Number(f[12])) * 10;
    } catch { return NaN; }
  };
  (async () => {
    for (let i = 0; i < warm; i++) await once();
    const r = await once();
    console.log(JSON.stringify({ require: tRequire, ...r, sinceStart: performance.now() - start, cpu: (process.cpuUsage().user + process.cpuUsage().system) / 1000, mainThreadCpu: threadCpu() }));
  })();
  `,
  );
  return dir;
}

const runs = Number(values.runs);
/** @param {string} text */
const flagList = (text) => text.split(' ').filter(Boolean);
/**
 * The node flags of a checkout's CLI (scripts/cliNodeFlags.mjs; none before it existed).
 * @param {string} root
 */
async function cliFlags(root) {
  const file = join(root, 'scripts', 'cliNodeFlags.mjs');
  return existsSync(file) ? (await import(pathToFileURL(file).href)).CLI_NODE_FLAGS : [];
}
/** A side runs the probe of `root` with the CLI's flags (unless `bare`) and `extra` node flags. */
const probes = new Map(); // root -> its probe's folder (two sides of one checkout share it)
/**
 * @param {string} name
 * @param {string} root
 * @param {string} extra
 * @param {boolean | undefined} bare
 */
async function side(name, root, extra, bare) {
  if (!probes.has(root)) probes.set(root, await makeProbe(root));
  return {
    name,
    dir: probes.get(root),
    flags: [...(bare ? [] : await cliFlags(root)), ...flagList(extra)],
    product: bare ? '0' : '1',
  };
}
const sides = [await side('this', here, values['node-flags'], values['without-product-flags'])];
const againstBare = values['against-without-product-flags'];
if (values.against)
  sides.push(await side(resolve(values.against), resolve(values.against), values['node-flags'], againstBare));
else if (values['against-flags'] !== undefined || againstBare)
  sides.push(
    await side(
      `this with node flags '${values['against-flags'] ?? ''}'${againstBare ? ', without the product flags' : ''}`,
      here,
      values['against-flags'] ?? '',
      againstBare,
    ),
  );
const compared = sides.length > 1;
const load = loadavg()[0];
/** @typedef {Record<string, number>} Timings one probe's figures: step -> ms, and nPapers, nThemes */
/** @type {Timings[][]} */
const rows = sides.map(() => []);
for (let i = 0; i < runs; i++) {
  for (const [s, side] of sides.entries()) {
    const out = execFileSync(process.execPath, [...side.flags, join(side.dir, 'probe.js')], {
      env: {
        ...process.env,
        PAPERS_BENCH_WARM: values.warm,
        PAPERS_BENCH_PARALLEL: values.parallel ? '1' : '0',
        PAPERS_BENCH_PRODUCT_FLAGS: side.product,
        PAPERS_BENCH_CORPUS: values.corpus ? resolve(values.corpus) : '',
      },
      encoding: 'utf8',
    });
    rows[s].push(JSON.parse(out.trim().split('\n').slice(-1)[0]));
  }
}
for (const dir of probes.values()) rmSync(dir, { recursive: true, force: true });

const steps = Object.keys(rows[0][0]).filter((k) => k !== 'nPapers' && k !== 'nThemes');
/** @param {number[]} xs */
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
/** @param {Timings[]} rs */
const summarize = (rs) =>
  Object.fromEntries(
    steps.map((k) => [k, { min: Math.min(...rs.map((r) => r[k])), median: median(rs.map((r) => r[k])) }]),
  );
const summaries = rows.map(summarize);
// this minus the other checkout, run by run (each pair ran one after the other)
const paired = compared
  ? Object.fromEntries(steps.map((k) => [k, median(rows[0].map((r, i) => r[k] - rows[1][i][k]))]))
  : undefined;
const loadAfter = loadavg()[0];
const first = rows[0][0];
if (values.json) {
  const out = {
    runs,
    warm: Number(values.warm),
    parallel: !!values.parallel,
    papers: first.nPapers,
    themes: first.nThemes,
    loadavg: [load, loadAfter],
    steps: summaries[0],
  };
  console.log(
    JSON.stringify(
      compared ? { ...out, against: { dir: sides[1].name, steps: summaries[1], pairedDifference: paired } } : out,
    ),
  );
} else {
  console.log(
    `${first.nPapers} papers, ${first.nThemes} themes; ${runs} fresh processes${compared ? ' per side, alternating' : ''}${values.warm !== '0' ? `, ${values.warm} warm-up analyses each` : ''}${values.parallel ? ', analyzeInParallel' : ', analyzeCorpus'}; load average ${load.toFixed(2)} → ${loadAfter.toFixed(2)} on ${cpus().length} cores`,
  );
  if (compared) console.log(`against ${sides[1].name}`);
  console.log(
    compared
      ? 'step               min ms   median ms   against: min   median   paired diff (median)'
      : 'step               min ms   median ms',
  );
  for (const k of steps) {
    const [a, b] = summaries;
    const cols = `${k.padEnd(17)} ${a[k].min.toFixed(0).padStart(7)} ${a[k].median.toFixed(0).padStart(11)}`;
    console.log(
      compared && paired
        ? `${cols} ${b[k].min.toFixed(0).padStart(14)} ${b[k].median.toFixed(0).padStart(8)} ${(paired[k] >= 0 ? '+' : '') + paired[k].toFixed(0).padStart(6)}`
        : cols,
    );
  }
}
