import { runStepsWithPauses, Steps } from '../../core/common';

/**
 * Runs long work written in steps (core/steps.ts) on the extension host: a 15 ms pause after every 40 ms of
 * work, so its messages and timers run meanwhile. The pause must last a few milliseconds: measured on a
 * restore of 100k papers, with setImmediate or setTimeout(0) pauses the tree asked for its rows only after the
 * whole restore, with 15 ms pauses during it (~0.4 s after the themes were shown).
 */
export function runOnHost<T>(steps: Steps<T>): Promise<T> {
  return runStepsWithPauses(steps, () => new Promise((resolve) => setTimeout(resolve, PAUSE_MS)), WORK_MS);
}

const PAUSE_MS = 15;
/** Work between two pauses, at most (plus one step). */
const WORK_MS = 40;
