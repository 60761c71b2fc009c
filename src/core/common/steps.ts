/**
 * Long synchronous work written as a generator that yields between steps: the extension host runs its
 * steps with pauses between them (so it answers the views meanwhile); tests and the CLI run them at once.
 */
export type Steps<T> = Generator<void, T, void>;

/** Runs every step now; the result. */
export function runSteps<T>(steps: Steps<T>): T {
  for (;;) {
    const s = steps.next();
    if (s.done) return s.value;
  }
}

/** Runs the steps, awaiting `pause()` once `everyMs` of work have passed since the last pause; the result. */
export async function runStepsWithPauses<T>(steps: Steps<T>, pause: () => Promise<void>, everyMs = 0): Promise<T> {
  let since = performance.now();
  for (;;) {
    const s = steps.next();
    if (s.done) return s.value;
    if (performance.now() - since >= everyMs) {
      await pause();
      since = performance.now();
    }
  }
}
