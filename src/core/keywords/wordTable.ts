/**
 * Words -> dense ids 0, 1, 2... in the order first seen, by open addressing on a hash of their characters.
 * The keyword reader looks up every token of a corpus here; a Map keyed by the word costs about twice as
 * much per lookup once the vocabulary no longer fits in the cache.
 */

import { IntColumn } from './columns';

/** As many words as a Map (what this replaces) can hold: pair codes rely on ids below it (reader.ts). */
export const MAX_WORDS = 2 ** 24;

const EMPTY = -1;

/** FNV-1a over the UTF-16 code units, as a signed 32-bit integer (what the Int32Array of hashes gives back). */
function hashOf(word: string): number {
  let h = 0x811c9dc5 | 0;
  for (let i = 0; i < word.length; i++) h = Math.imul(h ^ word.charCodeAt(i), 0x01000193);
  return h;
}

export class WordTable {
  /** Per slot the id of the word there, or EMPTY; at most half full. */
  private slots = new Int32Array(1 << 12).fill(EMPTY);
  private readonly hashes = new IntColumn();
  readonly words: string[] = [];

  /** The id of `word`, the next free id when it is new. */
  add(word: string): number {
    const h = hashOf(word);
    const hashes = this.hashes.data;
    const mask = this.slots.length - 1;
    let slot = h & mask;
    for (let id = this.slots[slot]; id !== EMPTY; id = this.slots[slot]) {
      if (hashes[id] === h && this.words[id] === word) return id;
      slot = (slot + 1) & mask;
    }
    const id = this.words.length;
    if (id === MAX_WORDS) throw new RangeError(`more than ${MAX_WORDS} distinct words`);
    this.words.push(word);
    this.hashes.push(h);
    this.slots[slot] = id;
    if (2 * this.words.length > this.slots.length) this.grow();
    return id;
  }

  private grow(): void {
    const slots = new Int32Array(this.slots.length * 2).fill(EMPTY);
    const mask = slots.length - 1;
    const hashes = this.hashes.data;
    for (let id = 0; id < this.words.length; id++) {
      let slot = hashes[id] & mask;
      while (slots[slot] !== EMPTY) slot = (slot + 1) & mask;
      slots[slot] = id;
    }
    this.slots = slots;
  }
}
