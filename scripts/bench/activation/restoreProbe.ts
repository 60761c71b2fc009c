/**
 * The second activation alone, per phase, fast to rerun while tuning (the full `npm run bench` analyzes
 * every corpus first). `prepare` analyzes a corpus once and keeps the snapshot (v8-serialized, so it
 * survives changes to the cache format); each measured round then runs in a fresh process: write the
 * cache entry as the extension would, then compute the cache key from the collection files (digests remembered
 * in the work dir, as the first activation leaves them: digestMemo.ts), decode the cached entry without what
 * the tree does not need (deferred), rebuild the live analysis — timing each phase (wall and CPU); then what
 * happens after the tree shows (search set up and its postings read, queries, every abstract read once).
 * Usage: npm run bench -- restore <corpus file> [rounds] [work dir]
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { liveMemoryMb } from '../common/heap';
import { toSearchDoc, assignThemes } from '../../../src/core/analysis/analyze';
import { paperKey } from '../../../src/core/papers/paperKey';
import { RelatedIndex } from '../../../src/core/vectors/related';
import { PaperSearch } from '../../../src/core/search/paperSearch';
import { AnalysisSnapshot, decodeSnapshot, encodeSnapshot } from '../../../src/core/snapshot/snapshot';
import { contentKey } from '../../../src/node/cache/contentKey';
import { DigestMemo } from '../../../src/node/cache/digestMemo';
import { openSnapshotFile } from '../../../src/node/cache/snapshotFile';
import { analyzeHere } from '../../../src/node/analysis/run';

const VERSION = 'probe';
const round = (x: number) => Math.round(x * 10) / 10;

function prepare(corpus: string, dir: string): void {
  const bytes = new Uint8Array(readFileSync(corpus));
  const t0 = performance.now();
  const snapshot = analyzeHere([{ path: corpus, bytes }]);
  writeFileSync(join(dir, 'snapshot.v8'), serialize(snapshot));
  console.error(`analyzed ${snapshot.papers.length} papers in ${round((performance.now() - t0) / 1000)} s`);
}

/** Writes the cache entry in the current format (what the first activation leaves behind); its size in MB. */
function writeEntry(corpus: string, dir: string): number {
  const snapshot = deserialize(readFileSync(join(dir, 'snapshot.v8'))) as AnalysisSnapshot;
  const encoded = encodeSnapshot(snapshot);
  const file = join(dir, 'entry.snapshot');
  writeFileSync(file, encoded);
  void corpus;
  return encoded.byteLength / 2 ** 20;
}

/** One second activation, per phase (wall and CPU time), in this (fresh) process; what it restored. */
async function measure(corpus: string, dir: string): Promise<{ times: Record<string, number>; kept: unknown }> {
  const t: Record<string, number> = {};
  let last = performance.now();
  let lastCpu = process.cpuUsage();
  const start = last;
  const startCpu = lastCpu;
  const cpuMs = (from: NodeJS.CpuUsage) => {
    const c = process.cpuUsage(from);
    return (c.user + c.system) / 1000;
  };
  // wall and CPU time: with other jobs on the machine the wall clock also counts their turns on the cores
  const lap = (name: string) => {
    const now = performance.now();
    t[name] = round(now - last);
    t[`${name}_cpu`] = round(cpuMs(lastCpu));
    last = now;
    lastCpu = process.cpuUsage();
  };
  // as AnalysisCache.loadFor: the collection files' digests (read a few MB at a time), the key, the entry
  // read piece by piece and decoded
  // (the digests remembered by size, time and inode, as AnalysisCache.loadFor: the first round hashes)
  const memo = await DigestMemo.open(join(dir, 'digests.json'));
  contentKey(VERSION, [await memo.digest(corpus, corpus)]);
  await memo.save([corpus]);
  lap('key');
  // as the extension: the abstracts stay in the file until used
  const s = decodeSnapshot(openSnapshotFile(join(dir, 'entry.snapshot')), { deferred: true });
  lap('read_decode');
  const papers = s.papers;
  const byId = new Map(papers.map((p) => [p.id, p]));
  lap('by_id');
  const themes = assignThemes(papers, byId, s.computedThemes);
  lap('assign_themes');
  // (the search index and its documents are set up on first use, as fromSnapshot does)
  const themeById = new Map(themes.map((th) => [th.id, th]));
  const search = PaperSearch.restore(s.searchIndex, () => papers.map((p) => toSearchDoc(p, themeById)));
  lap('search_restore');
  const related = new RelatedIndex(
    papers.map((p) => p.id),
    () => s.relatedRows,
    s.relatedDims,
  );
  lap('related');
  t.total = round(last - start);
  t.total_cpu = round(cpuMs(startCpu));
  t.papers = papers.length;
  // after the restore, what the extension does 1.5 s after the load (model.ts): set up the index, read its
  // postings, build the fuzzy dictionary; then a first query, a first misspelling and another
  // (in steps, as the extension runs them between other work: the total and the longest step)
  let longest = 0;
  const p0 = performance.now();
  for (let s0 = performance.now(), steps = search.preparation(); !steps.next().done; s0 = performance.now())
    longest = Math.max(longest, performance.now() - s0);
  t.search_prepare_after = round(performance.now() - p0);
  t.search_prepare_longest_step = round(longest);
  const q0 = performance.now();
  search.search('reinforcement learning', { limit: 50 });
  t.first_query_after = round(performance.now() - q0);
  const q1 = performance.now();
  search.search('reinforcment lerning', { limit: 50 });
  t.first_misspelled_query_after = round(performance.now() - q1);
  const q2 = performance.now();
  search.search('optimzation', { limit: 50 });
  t.second_misspelled_query_after = round(performance.now() - q2);
  // reading every abstract once (in order) from the file
  const a0 = performance.now();
  let chars = 0;
  for (const p of papers) chars += p.abstract.length;
  t.all_abstracts_after = round(performance.now() - a0);
  t.abstract_mb = round(chars / 2 ** 20);
  // not part of the activation (keys are made on first use): what making them all costs
  const k0 = performance.now();
  for (const p of papers) paperKey(p);
  t.all_paper_keys_after = round(performance.now() - k0);
  // what the extension host keeps: the analysis (papers, themes, search, related)
  return { times: t, kept: { s, themes, search, related, byId } };
}

async function main(): Promise<void> {
  const [mode, corpus, ...rest] = process.argv.slice(2);
  if (mode === '--prepare') return prepare(corpus, rest[0]);
  if (mode === '--write') return void console.log(JSON.stringify({ entry_mb: round(writeEntry(corpus, rest[0])) }));
  if (mode === '--measure') {
    const { times, kept } = await measure(corpus, rest[0]);
    // the machine's state: writing 256 MB of fresh memory (page faults dominate a restore on a busy VM)
    const f0 = performance.now();
    new Uint8Array(256 * 2 ** 20).fill(1);
    times.touch_256mb_fresh = round(performance.now() - f0);
    times.live_heap_mb = round(liveMemoryMb());
    void kept;
    return void console.log(JSON.stringify(times));
  }
  const file = mode;
  const rounds = Number(corpus ?? 3);
  const dir = rest[0] ?? join(tmpdir(), `papers-restore-${basename(file)}`);
  mkdirSync(dir, { recursive: true });
  const child = (...args: string[]) => {
    const run = spawnSync(process.execPath, ['--expose-gc', '--max-old-space-size=6144', __filename, ...args], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    if (run.status !== 0) throw new Error(`${args[0]} failed (exit ${run.status})`);
    return run.stdout.trim().split('\n').pop() ?? '';
  };
  if (!existsSync(join(dir, 'snapshot.v8'))) child('--prepare', file, dir);
  const written = JSON.parse(child('--write', file, dir)) as { entry_mb: number };
  console.log(`cache entry: ${written.entry_mb} MB`);
  for (let r = 0; r < rounds; r++) {
    const load = loadavg()[0].toFixed(2);
    console.log(JSON.stringify({ round: r + 1, load, ...JSON.parse(child('--measure', file, dir)) }));
  }
}

void main();
