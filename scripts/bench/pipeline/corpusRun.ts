/**
 * One corpus, measured in a process of its own (so peak memory is this corpus's): the CLI's
 * measurements plus related papers, the second activation (restore from the cached snapshot) and the
 * memory the search index holds. Prints one JSON line.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { liveMemoryMb } from '../common/heap';
import { themeAgreement } from '../themes/themeQuality';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { toSearchDoc } from '../../../src/core/analysis/analyze';
import { PaperSearch } from '../../../src/core/search/paperSearch';
import { decodeSnapshot, encodeSnapshot, fromSnapshot, toSnapshot } from '../../../src/core/snapshot/snapshot';
import { contentKey } from '../../../src/node/cache/contentKey';
import { DigestMemo } from '../../../src/node/cache/digestMemo';
import { openSnapshotFile } from '../../../src/node/cache/snapshotFile';
import { latencySummary, measureCorpus, peakRssMb, timeQueries } from '../../../src/node/bench/measure';
import { queriesFor, queryRounds } from '../common/queryRounds';
import { seededRandom } from '../../../src/core/vectors/seededRandom';

const round = (x: number, d = 1) => Math.round(x * 10 ** d) / 10 ** d;

export async function runCorpus(
  files: string[],
  queryTemplates: readonly string[],
  rounds: number,
): Promise<Record<string, unknown>> {
  // The theme filter needs a theme of this corpus: the first word of the largest theme's label.
  // Known only after the analysis, so the measured run uses the templates' text and the filter is
  // filled in for the rounds that follow (each round replays the whole list on a fresh search state).
  const cpu0 = process.cpuUsage();
  const m = await measureCorpus(files, []);
  const cpu = process.cpuUsage(cpu0);
  const totalCpuMs = (cpu.user + cpu.system) / 1000;
  const a = m.analysis;
  const { queries, themeWord } = queriesFor(a, queryTemplates);
  const { latencies, cpuLatencies } = queryRounds(a, queries, rounds);
  const hits = queries.map((q) => a.search.search(q, { limit: 50 }).length);

  // related papers: a few papers chosen by a seeded PRNG
  const rand = seededRandom(11);
  const picks = Array.from({ length: 5 }, () => a.papers[Math.floor(rand() * a.papers.length)].id);
  const t0 = performance.now();
  for (const id of picks) a.related.relatedTo(id, 5);
  const relatedMs = (performance.now() - t0) / picks.length;

  // second activation, as the extension does it on an unchanged corpus (model.ts, AnalysisCache.loadFor): the
  // cache key from the collection files' digests (remembered by the first activation: digestMemo.ts), the
  // cached snapshot opened and decoded without what the tree does not need (abstracts, postings, related rows
  // stay in the file until used), the live analysis rebuilt (paper keys are made on first use). In this
  // process the analysis is still in memory: `npm run bench -- --restore` measures it per phase in a fresh
  // process (restoreProbe.ts).
  const dir = mkdtempSync(join(tmpdir(), 'papers-bench-cache-'));
  const entry = encodeSnapshot(toSnapshot(a));
  writeFileSync(join(dir, 'a.snapshot'), entry);
  const cacheMb = entry.byteLength / 2 ** 20;
  const memoFile = join(dir, 'digests.json');
  const first = await DigestMemo.open(memoFile);
  for (const f of files) await first.digest(f, f);
  await first.save(files);
  const t1 = performance.now();
  const memo = await DigestMemo.open(memoFile);
  contentKey('bench', await Promise.all(files.map((f) => memo.digest(f, f))));
  const restored = fromSnapshot(
    decodeSnapshot(openSnapshotFile(join(dir, 'a.snapshot'), { whileUsed: true }), { deferred: true }),
  );
  const restoreMs = performance.now() - t1;
  const restoredSearchP50 = latencySummary(timeQueries(restored, queries)).p50_ms;
  rmSync(dir, { recursive: true, force: true });

  // memory held by the search index: the heap with and without one index
  const docs = a.papers.map((p) => toSearchDoc(p, new Map(a.themes.map((t) => [t.id, t]))));
  (restored as { search?: PaperSearch }).search = undefined;
  (a as { search?: PaperSearch }).search = undefined;
  const without = liveMemoryMb();
  const index = new PaperSearch(docs);
  const indexMb = liveMemoryMb() - without;

  return {
    ...m.json,
    search: latencySummary(latencies),
    search_cpu: latencySummary(cpuLatencies),
    restored_search_p50_ms: restoredSearchP50,
    total_cpu_ms: round(totalCpuMs),
    analysis_ms: a.timings,
    related_ms: round(relatedMs, 2),
    restore_ms: round(restoreMs),
    cache_mb: round(cacheMb),
    index_heap_mb: round(indexMb),
    peak_rss_mb: peakRssMb(),
    themes: a.themes.length,
    theme_nmi: themeAgreement(a, files),
    theme_word: themeWord,
    queries: queries.map((q, i) => ({ query: q, ms: round(latencies[i], 3), hits: hits[i] })),
    indexed: index.size,
  };
}
