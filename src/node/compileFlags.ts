/**
 * V8 settings for the processes that start, analyze once and end: the `papers` CLI and the extension's
 * analysis process (never the extension host, which other extensions share).
 *
 * Why: in such a run most of the analysis code runs before it is optimized, and the optimizing compiler
 * (TurboFan, on background threads) is the bottleneck. With V8's default inlining budget it compiled
 * ~1.7 s of jobs for a ~0.95 s analysis of the seeds (`node --trace-opt`); on a 2-core machine the main
 * thread waits in slower tiers meanwhile. A smaller cumulative inlining budget makes each job cheaper.
 * Measured with `node scripts/bench/analyzeSeeds.mjs --node-flags=… --against-flags=''` (paired runs):
 * the seeds' analysis −127 ms (7 pairs); 1k abstracts −198 ms; 10k +74 ms of 9.2 s (noise level).
 * The output is the same (the analysis is deterministic arithmetic; inlining changes no result).
 */
import { setFlagsFromString } from 'node:v8';

/** V8's default is 920 bytes of bytecode inlined per optimized function. */
export const COLD_RUN_V8_FLAGS = ['--max-inlined-bytecode-size-cumulative=300'];

/** Applies COLD_RUN_V8_FLAGS to this process (all its threads); call it first, before the work starts. */
export function useColdRunCompileFlags(): void {
  for (const flag of COLD_RUN_V8_FLAGS) setFlagsFromString(flag);
}
