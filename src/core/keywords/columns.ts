/**
 * Flat integer storage for the keyword reader: what it keeps for every abstract of a corpus lives in a few
 * typed arrays rather than in small arrays per abstract, which the collector would trace on every
 * collection (at 100k abstracts, millions of them).
 */

/** A growable column of 32-bit integers; `data` holds the first `length` values. */
export class IntColumn {
  data = new Int32Array(1024);
  length = 0;

  push(value: number): void {
    if (this.length === this.data.length) {
      const data = new Int32Array(this.data.length * 2);
      data.set(this.data);
      this.data = data;
    }
    this.data[this.length++] = value;
  }
}

/** Term counts of every abstract, one abstract after the other: word ids and pair indices, each with its count. */
export class DocTerms {
  readonly words = new IntColumn();
  readonly wordTf = new IntColumn();
  readonly pairs = new IntColumn();
  readonly pairTf = new IntColumn();
  /** Where each abstract's words (pairs) start in `words` (`pairs`); the last entry is the end. */
  readonly wordStarts: number[] = [0];
  readonly pairStarts: number[] = [0];

  get docCount(): number {
    return this.wordStarts.length - 1;
  }

  /** Closes the current abstract: the words and pairs added since the last call are its own. */
  endDoc(): void {
    this.wordStarts.push(this.words.length);
    this.pairStarts.push(this.pairs.length);
  }
}
