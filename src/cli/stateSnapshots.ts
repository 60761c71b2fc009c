/**
 * The analysis `papers analyze --state DIR` keeps, in two files: the base (analysis.snapshot), written whole by a run
 * that grouped the themes or changed papers already kept, and what was added since (added.snapshot): the papers
 * that joined after the base, their related rows, and the themes, collections and theme model as they are now (the
 * model's space, most of its bytes, is the base's). A day's add rewrites only added.snapshot, so its cost is the
 * papers added since the base, not the library; past ADDED_MAX_SHARE of the base the next add writes a new base.
 *
 * Each base carries an id (its label); added.snapshot names the base it extends and is ignored with any other: a
 * run stopped after writing a new base but before removing the old additions leaves them naming the old base.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { Analysis } from '../core/analysis';
import {
  AnalysisSnapshot,
  decodeSnapshot,
  encodeSnapshot,
  fromSnapshot,
  snapshotLabel,
  SnapshotError,
  toSnapshot,
} from '../core/snapshot';
import { spaceOf } from '../core/vectors';
import { readRegularFileSync } from '../node/files/regularFile';
import { writeFileAtomicSync } from '../node/files/atomicWrite';

/** The file in DIR that holds the base analysis. */
export const STATE_FILE = 'analysis.snapshot';
/** The file in DIR that holds what was added since the base. */
export const ADDED_FILE = 'added.snapshot';
/**
 * Past this share of the base's papers added since it, a run writes a new base: added.snapshot is rewritten on every
 * add, so its size is what each add pays for.
 */
export const ADDED_MAX_SHARE = 0.25;

const BASE_LABEL = 'papers-state-base ';
const ADDED_LABEL = 'papers-state-added-to ';

/** The analysis in DIR with what a later save needs to know of the files it came from. */
export interface StoredAnalysis {
  analysis: Analysis;
  /** The base's id (undefined for a base written before bases had one: the next save writes a new base). */
  baseId: string | undefined;
  /** Papers in the base: the analysis's first papers. */
  basePapers: number;
  /**
   * Whether DIR held additions to another base (left by a run stopped after it wrote a new base): the list of the
   * files read (stateFiles.ts) may then describe them, so every file is read again.
   */
  strayAdditions: boolean;
}

/** Thrown with the file that could not be read. */
export class StateReadError extends Error {
  constructor(
    readonly file: string,
    override readonly cause: Error,
  ) {
    super(cause.message);
  }
}

/** The analysis in DIR (its base and what was added since), or undefined when there is none. */
export function readStoredAnalysis(dir: string): StoredAnalysis | undefined {
  const file = join(dir, STATE_FILE);
  if (!existsSync(file)) return undefined;
  const { snapshot: base, label } = readSnapshot(file);
  const baseId = label?.startsWith(BASE_LABEL) ? label.slice(BASE_LABEL.length) : undefined;
  const addedFile = join(dir, ADDED_FILE);
  const added = baseId !== undefined && existsSync(addedFile) ? readSnapshot(addedFile) : undefined;
  const paired = added !== undefined && added.label === ADDED_LABEL + baseId;
  const current = paired ? withAdded(base, added.snapshot, addedFile) : base;
  return {
    analysis: fromSnapshot(current),
    baseId,
    basePapers: base.papers.length,
    strayAdditions: !paired && existsSync(addedFile),
  };
}

function readSnapshot(file: string): { snapshot: AnalysisSnapshot; label: string | undefined } {
  try {
    const bytes = readRegularFileSync(file, Number.MAX_SAFE_INTEGER);
    return { snapshot: decodeSnapshot(bytes, { deferred: true }), label: snapshotLabel(bytes) };
  } catch (err) {
    if (!(err instanceof SnapshotError) && (err as NodeJS.ErrnoException).code === undefined) throw err;
    throw new StateReadError(file, err as Error);
  }
}

/** The base with the papers added since: theirs appended, the themes, collections and model as they are now. */
function withAdded(base: AnalysisSnapshot, added: AnalysisSnapshot, file: string): AnalysisSnapshot {
  const dims = base.relatedDims;
  if (!base.model || !added.model || added.relatedDims !== dims)
    throw new StateReadError(file, new SnapshotError('the added papers do not fit their base'));
  const baseRows = base.relatedRows;
  const rows = new Float32Array(baseRows.length + added.relatedRows.length);
  rows.set(baseRows);
  rows.set(added.relatedRows, baseRows.length);
  return {
    ...added,
    papers: [...base.papers, ...added.papers],
    relatedRows: rows,
    relatedDims: dims,
    model: { ...added.model, space: base.model.space },
  };
}

/**
 * Writes `analysis` to DIR: only what was added since the base when `grown` (the analysis is `stored`'s with papers
 * appended, the papers it had untouched, its model's space the same) and the additions stay under ADDED_MAX_SHARE;
 * else a new base. Returns which was written.
 */
export function saveStoredAnalysis(
  dir: string,
  analysis: Analysis,
  stored: StoredAnalysis | undefined,
  grown: boolean,
): 'added' | 'base' {
  const since = stored ? analysis.papers.length - stored.basePapers : 0;
  if (
    stored?.baseId !== undefined &&
    grown &&
    since <= stored.basePapers * ADDED_MAX_SHARE &&
    appended(stored.analysis, analysis)
  ) {
    const all = toSnapshot(analysis, { search: false });
    const dims = all.relatedDims;
    const model = all.model!;
    const added: AnalysisSnapshot = {
      ...all,
      papers: all.papers.slice(stored.basePapers),
      relatedRows: all.relatedRows.subarray(stored.basePapers * dims),
      // the base holds the space: an empty one here, the base's on reading
      model: {
        ...model,
        space: spaceOf([], new Float32Array(0), new Float32Array(0), model.space.dims, model.space.options),
      },
    };
    writeFileAtomicSync(join(dir, ADDED_FILE), encodeSnapshot(added, ADDED_LABEL + stored.baseId));
    return 'added';
  }
  writeFileAtomicSync(
    join(dir, STATE_FILE),
    encodeSnapshot(toSnapshot(analysis, { search: false }), BASE_LABEL + randomUUID()),
  );
  // after the new base: additions left behind name the old base and are ignored
  rmSync(join(dir, ADDED_FILE), { force: true });
  return 'base';
}

/** Whether `after` is `before` with papers appended: the same paper objects first, in order, and the same space. */
function appended(before: Analysis, after: Analysis): boolean {
  if (!before.model || !after.model || before.model.space !== after.model.space) return false;
  if (after.papers.length < before.papers.length) return false;
  return before.papers.every((p, i) => after.papers[i] === p);
}
