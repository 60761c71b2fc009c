// Types the fuzzer's .mjs files name in JSDoc (tsconfig.scripts.json checks them).

/** How one run of a command line ended (child.mjs runChild). */
export interface ChildResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** Why the fuzzer killed it, when it did. */
  stopped: 'timeout' | 'memory' | undefined;
  peakMb: number;
  /** Its stderr, the first MB. */
  stderr: string;
  stdoutBytes: number;
  ms: number;
}

/** A run and what went wrong in it (empty when nothing did). */
export interface Run {
  result: ChildResult;
  problems: string[];
}

/** The fuzzer's command line (run.mjs options). */
export interface FuzzOptions {
  seed: number;
  budget: number;
  runs: number;
  /** `--case N`: that case alone, its folder kept. */
  only?: number;
  timeout: number;
  maxRss: number;
  heap: number;
  classes?: string[];
  build: boolean;
}

/** One case's folders (run.mjs layOut) with its number and the scratch folder it lies in. */
export interface Case {
  dir: string;
  secret: string;
  place: import('./workspace.mjs').Place;
  caseNo: number;
  root: string;
}
