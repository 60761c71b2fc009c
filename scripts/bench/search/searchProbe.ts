/**
 * Search alone, fast to rerun while tuning (the full `npm run bench` also analyzes): index build time,
 * index heap, and the benchmark's queries on one corpus file. Titles are the first sentence and there
 * are no keywords (no analysis), so absolute numbers differ a little from the full benchmark.
 * Usage: npm run bench -- probe <corpus file> [rounds]
 */
import { readFileSync } from 'node:fs';
import { liveMemoryMb } from '../common/heap';
import { parseCollectionBytes } from '../../../src/core/collections/corpus';
import { PaperSearch, SearchDoc } from '../../../src/core/search/paperSearch';
import { tokenizeFloor } from '../../../src/core/analysis/tokenFloor';
import { latencySummary } from '../../../src/node/bench/measure';
import { BENCH_QUERIES } from '../common/queries';

const [file, roundsArg] = process.argv.slice(2);
const rounds = Number(roundsArg ?? 3);
const { papers } = parseCollectionBytes(new Uint8Array(readFileSync(file)), file);
const docs: SearchDoc[] = papers.map((p, i) => ({
  id: p.id,
  title: p.abstract.slice(0, Math.max(40, p.abstract.indexOf('. '))),
  method: null,
  keywords: [],
  abstract: p.abstract,
  themeId: `t${i % 20}`,
  themeLabel: `Theme ${['learning', 'vision', 'agents', 'speech'][i % 4]} ${i % 20}`,
  collections: ['synth'],
}));
// read every text once first: strings the parser left as slices or ropes get flattened now, not during the build
tokenizeFloor(docs.flatMap((d) => [d.title, d.abstract]));
const before = liveMemoryMb();
const t0 = performance.now();
const c0 = process.cpuUsage();
const search = new PaperSearch(docs);
const buildMs = performance.now() - t0;
const buildCpuMs = (process.cpuUsage(c0).user + process.cpuUsage(c0).system) / 1000;
const indexMb = liveMemoryMb() - before;
const queries = BENCH_QUERIES.map((q) => q.replaceAll('{theme}', 'learning'));
const times: number[][] = [];
const cpuTimes: number[][] = []; // CPU time too: wall times swing with the machine's load
for (let r = 0; r < rounds; r++) {
  search.clearCaches?.();
  const cpuRound: number[] = [];
  times.push(
    queries.map((q) => {
      const c = process.cpuUsage();
      const t = performance.now();
      search.search(q, { limit: 50 });
      const ms = performance.now() - t;
      const used = process.cpuUsage(c);
      cpuRound.push((used.user + used.system) / 1000);
      return ms;
    }),
  );
  cpuTimes.push(cpuRound);
}
const medianOf = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(rounds / 2)];
const perQuery = queries.map((q, i) => ({
  q,
  ms: medianOf(times.map((t) => t[i])),
  cpuMs: medianOf(cpuTimes.map((t) => t[i])),
  hits: search.search(q).length,
}));
const t1 = performance.now();
const restored = PaperSearch.restore(search.serialize(), docs);
const restoreMs = performance.now() - t1;
// the first keystrokes after a restore: whatever the restore left to build lazily is paid here
const t2 = performance.now();
restored.search('r', { limit: 50 });
restored.search('reinforcment', { limit: 50 });
const firstQueriesMs = performance.now() - t2;
const round2 = (x: number) => Math.round(x * 100) / 100;
const worst = [...perQuery]
  .sort((a, b) => b.ms - a.ms)
  .slice(0, 6)
  .map((x) => `${x.q} ${x.ms.toFixed(1)}ms/${x.hits}`);
console.log(
  JSON.stringify({
    papers: docs.length,
    build_ms: Math.round(buildMs),
    build_cpu_ms: Math.round(buildCpuMs),
    index_heap_mb: Math.round(indexMb),
    restore_ms: Math.round(restoreMs),
    first_queries_after_restore_ms: Math.round(firstQueriesMs * 10) / 10,
    restored: restored.size,
    search: latencySummary(perQuery.map((x) => x.ms)),
    search_cpu: latencySummary(perQuery.map((x) => x.cpuMs)),
    worst,
    queries: perQuery.map((x) => ({ q: x.q, ms: round2(x.ms), cpu_ms: round2(x.cpuMs), hits: x.hits })),
  }),
);
