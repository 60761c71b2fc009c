/**
 * V8 settings for the processes that start, analyze once and end: the `papers` CLI and the extension's
 * analysis process (never the extension host, which other extensions share).
 *
 * In such a run most of the analysis code runs before it is optimized, and the optimizing compiler
 * (TurboFan, on background threads) cannot keep up: with V8's defaults it compiled ~1.7 s of jobs for a
 * ~0.95 s analysis of the seeds (`node --trace-opt`), and on a 2-core machine its threads take the main
 * thread's core meanwhile. Two settings, each measured with paired runs of scripts/bench/analyzeSeeds.mjs:
 * - a smaller cumulative inlining budget makes each job cheaper: the seeds' analysis −121 ms (7 pairs),
 *   1k abstracts −198 ms, 10k +74 ms of 9.2 s (noise level). Set at run time (the compiler reads it per job).
 * - fewer background threads on a small machine (threadPoolFlag): fixed at start-up, so a flag of the
 *   process's command line (the CLI's is in scripts/cliNodeFlags.mjs). A pool of 1 on 2 cores: the seeds
 *   −106 ms (11 pairs), 1k abstracts on two threads −495 ms, 10k on two threads −24 ms of 6.5 s.
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
export function threadPoolFlag(cores = availableParallelism(), electron = process.versions.electron !== undefined): string | undefined {
  const size = Math.max(1, Math.min(NODE_DEFAULT_POOL, cores - 1));
  return electron || size === NODE_DEFAULT_POOL ? undefined : `--v8-pool-size=${size}`;
}
