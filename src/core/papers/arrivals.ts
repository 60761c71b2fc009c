/**
 * What is new in a library: the ids Papers has seen in it, and the papers that arrived since the user last
 * looked, grouped by the load that brought them (a batch). Pure state: the caller says when a load happened and
 * where the state is kept (features/arrivals); arrivalsFile.ts gives its text form.
 */

/** Papers that arrived in one load, in library order; `at` is the caller's time of that load (ms since epoch). */
export interface ArrivalBatch {
  readonly id: number;
  readonly at: number;
  readonly ids: readonly string[];
}

/** Arrivals as plain data, batches oldest first. */
export interface ArrivalsData {
  /** A load was recorded: the next loads can bring new papers. */
  started: boolean;
  nextBatch: number;
  known: string[];
  batches: { id: number; at: number; ids: string[] }[];
}

/** What a change did to the new papers: how many became new, how many stopped being new (seen, or gone). */
export interface ArrivalsChange {
  arrived: number;
  left: number;
}

export class Arrivals {
  /** Every id seen in a recorded load, kept after a paper leaves the library (see recordLoad). */
  private readonly known = new Set<string>();
  /** The new papers by batch, oldest batch first; a batch that has none left is dropped. */
  private readonly pending = new Map<number, { at: number; ids: Set<string> }>();
  /** The batch of each new paper. */
  private readonly batchOf = new Map<string, number>();
  private nextBatch = 1;
  private started = false;

  get hasStarted(): boolean {
    return this.started;
  }

  get knownCount(): number {
    return this.known.size;
  }

  get newCount(): number {
    return this.batchOf.size;
  }

  /**
   * Records the ids of a load. The first load makes everything known and nothing new; a later one makes its
   * unknown ids new, in one batch stamped `at`. New papers no longer in the library (`inLibrary`, by default the
   * ids given) stop being new; known ids stay known, so a file rewritten or a collection set aside for a while
   * brings nothing back as new.
   */
  recordLoad(ids: readonly string[], at: number, inLibrary?: (id: string) => boolean): ArrivalsChange {
    const firstLoad = !this.started;
    this.started = true;
    const arrived: string[] = [];
    for (const id of ids) {
      if (this.known.has(id)) continue;
      this.known.add(id);
      if (!firstLoad) arrived.push(id);
    }
    const left = this.batchOf.size > 0 ? this.dropMissing(inLibrary ?? lazySetOf(ids)) : 0;
    if (arrived.length > 0) this.addBatch(this.nextBatch++, at, arrived);
    return { arrived: arrived.length, left };
  }

  isNew(id: string): boolean {
    return this.batchOf.has(id);
  }

  /** The batch a new paper arrived in; undefined for a paper that is not new. */
  batchIdOf(id: string): number | undefined {
    return this.batchOf.get(id);
  }

  /** The new papers, newest batch first. */
  newIds(): string[] {
    return this.batches().flatMap((b) => b.ids);
  }

  /** The batches that still hold new papers, newest first. */
  batches(): ArrivalBatch[] {
    return [...this.pending].reverse().map(([id, b]) => ({ id, at: b.at, ids: [...b.ids] }));
  }

  markSeen(ids: Iterable<string>): ArrivalsChange {
    let left = 0;
    for (const id of ids) if (this.forget(id)) left++;
    return { arrived: 0, left };
  }

  markBatchSeen(batchId: number): ArrivalsChange {
    const batch = this.pending.get(batchId);
    return batch ? this.markSeen([...batch.ids]) : { arrived: 0, left: 0 };
  }

  markAllSeen(): ArrivalsChange {
    const left = this.batchOf.size;
    this.pending.clear();
    this.batchOf.clear();
    return { arrived: 0, left };
  }

  /** The known ids from the `start`-th one, in the order they became known (ids are never forgotten). */
  knownFrom(start: number): string[] {
    const ids: string[] = [];
    let i = 0;
    for (const id of this.known) if (i++ >= start) ids.push(id);
    return ids;
  }

  /** The new papers by batch, oldest batch first. */
  batchData(): ArrivalsData['batches'] {
    return [...this.pending].map(([id, b]) => ({ id, at: b.at, ids: [...b.ids] }));
  }

  get batchCounter(): number {
    return this.nextBatch;
  }

  /** The state as plain data. */
  toData(): ArrivalsData {
    return {
      started: this.started,
      nextBatch: this.nextBatch,
      known: [...this.known],
      batches: this.batchData(),
    };
  }

  /** The state of `toData`. A new paper is known whatever `known` says; a paper in two batches stays in the first. */
  static fromData(data: ArrivalsData): Arrivals {
    const arrivals = new Arrivals();
    arrivals.started = data.started || data.known.length > 0;
    for (const id of data.known) arrivals.known.add(id);
    let next = data.nextBatch;
    for (const b of [...data.batches].sort((x, y) => x.id - y.id)) {
      const ids = b.ids.filter((id) => !arrivals.batchOf.has(id));
      for (const id of ids) arrivals.known.add(id);
      if (ids.length > 0 && !arrivals.pending.has(b.id)) arrivals.addBatch(b.id, b.at, ids);
      next = Math.max(next, b.id + 1);
    }
    arrivals.nextBatch = next;
    return arrivals;
  }

  private addBatch(batchId: number, at: number, ids: readonly string[]): void {
    this.pending.set(batchId, { at, ids: new Set(ids) });
    for (const id of ids) this.batchOf.set(id, batchId);
  }

  /** Takes a paper out of the new ones; false when it was not new. */
  private forget(id: string): boolean {
    const batchId = this.batchOf.get(id);
    if (batchId === undefined) return false;
    this.batchOf.delete(id);
    const batch = this.pending.get(batchId)!;
    batch.ids.delete(id);
    if (batch.ids.size === 0) this.pending.delete(batchId);
    return true;
  }

  private dropMissing(inLibrary: (id: string) => boolean): number {
    const gone = [...this.batchOf.keys()].filter((id) => !inLibrary(id));
    return this.markSeen(gone).left;
  }
}

/** Membership in a load's ids, its set made on the first question (a load without new papers asks none). */
function lazySetOf(ids: readonly string[]): (id: string) => boolean {
  let set: Set<string> | undefined;
  return (id) => (set ??= new Set(ids)).has(id);
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * How a batch is named in the tree: "Today", "Yesterday", else its date ("Mon, Nov 30"; with the year when not
 * this year's), all in local time; with the time of day ("Today, 09:05") when another batch arrived the same day.
 */
export function arrivalLabel(at: number, now: number, sameDayAsAnother = false): string {
  const day = new Date(at);
  const today = new Date(now);
  const startOf = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
  const daysAgo = Math.round((startOf(today) - startOf(day)) / DAY_MS);
  const name =
    daysAgo === 0
      ? 'Today'
      : daysAgo === 1
        ? 'Yesterday'
        : day.toLocaleDateString('en-US', {
            weekday: 'short',
            month: 'short',
            day: 'numeric',
            ...(day.getFullYear() === today.getFullYear() ? {} : { year: 'numeric' }),
          });
  if (!sameDayAsAnother) return name;
  const time = `${String(day.getHours()).padStart(2, '0')}:${String(day.getMinutes()).padStart(2, '0')}`;
  return `${name}, ${time}`;
}

/** The local day of a time, for telling batches of the same day apart. */
export function arrivalDay(at: number): string {
  const d = new Date(at);
  return `${d.getFullYear()}-${d.getMonth()}-${d.getDate()}`;
}
