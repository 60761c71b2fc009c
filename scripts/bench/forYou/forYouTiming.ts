/**
 * The time of one For You ranking at a library size: a reader with 20 starred papers, 5 noted, 2 linked and 100
 * read ones (rows spread evenly through the library). Cold: the first ranking of an analysis (its TF-IDF rows read
 * from the texts); warm: the next one (a signal changed). `ROUNDS` of each after a warm-up; median and range of
 * the wall time and of the process's CPU time.
 */
import { PaperSignal, PaperVectors, rankForYou } from '../../../src/core/forYou';

const ROUNDS = 9;

function readerSignals(ids: readonly string[]): PaperSignal[] {
  const at = (count: number, phase: number) =>
    Array.from({ length: count }, (_, j) => ids[Math.floor(((j + phase) * ids.length) / (count + 1))]);
  return [
    ...at(20, 0.5).map((id) => ({ id, kind: 'starred' as const })),
    ...at(5, 0.25).map((id) => ({ id, kind: 'noted' as const })),
    ...at(2, 0.75).map((id) => ({ id, kind: 'linked' as const, file: 'src/train.py' })),
    ...at(100, 0.1).map((id) => ({ id, kind: 'read' as const })),
  ];
}

const ms = (x: number) => Math.round(x * 10) / 10;

function summary(times: number[]) {
  times.sort((a, b) => a - b);
  return { median_ms: ms(times[times.length >> 1]), min_ms: ms(times[0]), max_ms: ms(times[times.length - 1]) };
}

/** Wall and CPU milliseconds of one ranking: on a shared machine the CPU time is what the ranking itself costs. */
function timed(vectors: PaperVectors, signals: PaperSignal[]): { wall: number; cpu: number } {
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  rankForYou(vectors, signals);
  const wall = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  return { wall, cpu: (cpu.user + cpu.system) / 1000 };
}

export function forYouTimings(libraries: { fresh: () => PaperVectors }[]) {
  return libraries.map(({ fresh }) => {
    const first = fresh();
    const signals = readerSignals(first.ids);
    timed(first, signals);
    const cold: { wall: number; cpu: number }[] = [];
    const warm: { wall: number; cpu: number }[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      const vectors = fresh();
      cold.push(timed(vectors, signals));
      warm.push(timed(vectors, signals));
    }
    return {
      papers: first.ids.length,
      cold: summary(cold.map((t) => t.wall)),
      warm: summary(warm.map((t) => t.wall)),
      cold_cpu: summary(cold.map((t) => t.cpu)),
      warm_cpu: summary(warm.map((t) => t.cpu)),
    };
  });
}
