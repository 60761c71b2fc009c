/**
 * V8 settings for the processes that start, analyze once and end: the `papers` CLI and the extension's
 * analysis process (never the extension host, which other extensions share).
 *
 * In such a run most of the analysis code runs before it is optimized, and the optimizing compiler
 * (TurboFan, on background threads) cannot keep up: with V8's defaults it queues more compile work than the
 * analysis itself takes (`node --trace-opt`), and on a small machine its threads take the main thread's core
 * meanwhile. Two settings make the cold run shorter (scripts/bench/activation/analyzeSeeds.mjs compares them in paired
 * runs; docs/benchmarks.md has the figures):
 * - a smaller cumulative inlining budget makes each job cheaper; set at run time (the compiler reads it per job).
 * - fewer background threads on a small machine (threadPoolFlag): fixed at start-up, so a flag of the
 *   process's command line (the CLI's is in scripts/cliNodeFlags.mjs).
 * The results are the same: JavaScript arithmetic gives the same numbers in every tier.
 */
import { availableParallelism } from 'node:os';
import { setFlagsFromString } from 'node:v8';

/** V8's default is 920 bytes of bytecode inlined per optimized function. */
export const COLD_RUN_V8_FLAGS = ['--max-inlined-bytecode-size-cumulative=300'];

/** Applies COLD_RUN_V8_FLAGS to this process (all its threads); call it first, before the work starts. */
export function useColdRunCompileFlags(): void {
  for (const flag of COLD_RUN_V8_FLAGS) setFlagsFromString(flag);
}

/** Node's default size of V8's thread pool. */
const NODE_DEFAULT_POOL = 4;

/**
 * `--v8-pool-size=N` for a process started to analyze: one core left to its main thread, the others (at most
 * node's default of 4) to V8's background threads. Undefined where it changes nothing (5 cores or more) and
 * under Electron (desktop VS Code runs the process with Electron's node, whose flags we do not test).
 */
export function threadPoolFlag(
  cores = availableParallelism(),
  electron = process.versions.electron !== undefined,
): string | undefined {
  const size = Math.max(1, Math.min(NODE_DEFAULT_POOL, cores - 1));
  return electron || size === NODE_DEFAULT_POOL ? undefined : `--v8-pool-size=${size}`;
}
