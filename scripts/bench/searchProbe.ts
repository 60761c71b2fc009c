/**
 * Search alone, fast to rerun while tuning (the full `npm run bench` also analyzes): index build time,
 * index heap, and the benchmark's queries on one corpus file. Titles are the first sentence and there
 * are no keywords (no analysis), so absolute numbers differ a little from the full benchmark.
 * Usage: node --expose-gc bench/results/.build/probe.js <corpus file> [rounds]
 */
import { readFileSync } from 'node:fs';
import { liveMemoryMb } from './heap';
import { parseCollectionBytes } from '../../src/core/corpus';
import { PaperSearch, SearchDoc } from '../../src/core/search';
import { tokenizeFloor } from '../../src/core/tokenFloor';
import { latencySummary } from '../../src/node/benchMeasure';
import { BENCH_QUERIES } from './queries';

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
for (let r = 0; r < rounds; r++) {
  search.clearCaches?.();
  times.push(
    queries.map((q) => {
      const t = performance.now();
      search.search(q, { limit: 50 });
      return performance.now() - t;
    }),
  );
}
const perQuery = queries.map((q, i) => ({ q, ms: times.map((t) => t[i]).sort((a, b) => a - b)[Math.floor(rounds / 2)], hits: search.search(q).length }));
const t1 = performance.now();
const restored = PaperSearch.restore(search.serialize(), docs);
const restoreMs = performance.now() - t1;
const worst = [...perQuery].sort((a, b) => b.ms - a.ms).slice(0, 6).map((x) => `${x.q} ${x.ms.toFixed(1)}ms/${x.hits}`);
console.log(JSON.stringify({ papers: docs.length, build_ms: Math.round(buildMs), build_cpu_ms: Math.round(buildCpuMs), index_heap_mb: Math.round(indexMb), restore_ms: Math.round(restoreMs), restored: restored.size, search: latencySummary(perQuery.map((x) => x.ms)), worst }));
