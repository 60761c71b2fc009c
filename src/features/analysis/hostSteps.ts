import { runStepsWithPauses, Steps } from '../../core/common';

/**
 * Runs long work written in steps (core/common's steps) on the extension host: a pause after every few dozen
 * milliseconds of work, so its messages and timers run meanwhile. The pause must last a few milliseconds: with
 * setImmediate or setTimeout(0) pauses the tree's request for its rows waits behind the whole restore of a large
 * collection; with real pauses it is answered during it, soon after the themes are shown.
 */
export function runOnHost<T>(steps: Steps<T>): Promise<T> {
  return runStepsWithPauses(steps, () => new Promise((resolve) => setTimeout(resolve, PAUSE_MS)), WORK_MS);
}

const PAUSE_MS = 15;
/** Work between two pauses, at most (plus one step). */
const WORK_MS = 40;
