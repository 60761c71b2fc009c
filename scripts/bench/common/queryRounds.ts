/**
 * The benchmark's queries over an analysis, in rounds: each round replays the whole list on a fresh search state,
 * once timed in wall-clock time and once in CPU time. Shared by the synthetic and the real rows.
 */
import { Analysis } from '../../../src/core/analysis/analyze';
import { timeQueries } from '../../../src/node/bench/measure';

/** The query templates with `{theme}` as the first word of the largest theme's label (a filter that matches). */
export function queriesFor(a: Analysis, templates: readonly string[]): { queries: string[]; themeWord: string } {
  const themeWord = (a.themes[0]?.label.split(/\s+/)[0] ?? 'x').toLowerCase();
  return { queries: templates.map((q) => q.replaceAll('{theme}', themeWord)), themeWord };
}

/** Milliseconds per query, the median over `rounds`, in wall-clock and in CPU time. */
export function queryRounds(a: Analysis, queries: readonly string[], rounds: number) {
  const perRound: number[][] = [];
  const cpuRound: number[][] = [];
  for (let r = 0; r < rounds; r++) {
    a.search.clearCaches();
    perRound.push(timeQueries(a, queries));
    // the same queries timed in CPU time: what they cost when no other process competes for the cores
    a.search.clearCaches();
    cpuRound.push(
      queries.map((q) => {
        const c0 = process.cpuUsage();
        a.search.search(q, { limit: 50 });
        const c = process.cpuUsage(c0);
        return (c.user + c.system) / 1000;
      }),
    );
  }
  // per query, the median over the rounds: damps the noise of other processes on the machine
  const medians = (times: number[][]) =>
    queries.map((_, i) => times.map((t) => t[i]).sort((x, y) => x - y)[Math.floor(rounds / 2)]);
  return { latencies: medians(perRound), cpuLatencies: medians(cpuRound) };
}
