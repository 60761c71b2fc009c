/**
 * Reading the snapshot container (format.ts): the header checked, the JSON part parsed, each typed array read
 * on its own and the text decoded a few chunks at a time; anything else than what SnapshotWriter wrote
 * (another format, a truncated file, garbage) is a SnapshotError.
 */

import { runSteps, Steps } from '../common';
import {
  HEADER_BYTES,
  Layout,
  MAGIC,
  SectionRef,
  SNAPSHOT_FORMAT,
  SnapshotError,
  TypedArray,
  TypeName,
  TYPES,
} from './formatLayout';

/** Bytes of text read at a time (into one reused buffer) when the snapshot is read from a file. */
const SCRATCH_BYTES = 1 << 22;

/** Random access to the bytes of a snapshot: a buffer, or a file read piece by piece. */
export interface SnapshotSource {
  readonly size: number;
  /** `length` bytes at `offset`; may return (and reuse) `scratch` when it is large enough. */
  read(offset: number, length: number, scratch?: Uint8Array): Uint8Array;
}

export function bytesSource(bytes: Uint8Array): SnapshotSource {
  return { size: bytes.length, read: (offset, length) => bytes.subarray(offset, offset + length) };
}

/**
 * Reads what SnapshotWriter wrote; throws SnapshotError for anything else (other format, truncated,
 * garbage). Each array is read on its own (a view when the bytes are in memory); the text is read a few chunks
 * at a time into one scratch buffer and decoded, so restoring touches little memory beyond what it keeps.
 */
export class SnapshotReader {
  readonly body: unknown;
  private readonly layout: Layout;
  private readonly start: number;
  private readonly source: SnapshotSource;
  private text: TextLayout | undefined;

  constructor(input: Uint8Array | SnapshotSource) {
    const source = input instanceof Uint8Array ? bytesSource(input) : input;
    this.source = source;
    if (source.size < HEADER_BYTES) throw new SnapshotError('not a snapshot: too short');
    const header = source.read(0, HEADER_BYTES).slice();
    for (let i = 0; i < MAGIC.length; i++)
      if (header[i] !== MAGIC.charCodeAt(i)) throw new SnapshotError('not a snapshot: no header');
    const view = new DataView(header.buffer);
    const format = view.getUint32(MAGIC.length, true);
    if (format !== SNAPSHOT_FORMAT) throw new SnapshotError(`snapshot format ${format}, expected ${SNAPSHOT_FORMAT}`);
    const jsonBytes = view.getUint32(MAGIC.length + 4, true);
    const total = view.getFloat64(MAGIC.length + 8, true);
    if (total !== source.size)
      throw new SnapshotError(`snapshot of ${source.size} bytes, its header says ${total}: truncated or damaged`);
    if (HEADER_BYTES + jsonBytes > source.size) throw new SnapshotError('snapshot header damaged');
    try {
      this.layout = JSON.parse(new TextDecoder().decode(source.read(HEADER_BYTES, jsonBytes))) as Layout;
    } catch {
      throw new SnapshotError('snapshot header damaged');
    }
    const l = this.layout;
    if (!l || !Array.isArray(l.sections) || !l.text || !Number.isInteger(l.arrayBytes))
      throw new SnapshotError('snapshot layout damaged');
    this.start = Math.ceil((HEADER_BYTES + jsonBytes) / 8) * 8;
    if (this.start + l.arrayBytes > source.size || l.arrayBytes < 0) throw new SnapshotError('snapshot layout damaged');
    this.body = l.body;
  }

  /**
   * Section `n` as a typed array, read on its own: a view on the source's bytes when they are in memory
   * and aligned for it, else a copy. Large sections a restore may not need (search postings, related rows)
   * are read only when used (see `deferred`).
   */
  array<T extends TypedArray>(n: unknown, type: TypeName): T {
    const { ref, byteLength } = this.section(n, type);
    const Type = TYPES[type];
    const bytes = this.source.read(this.start + ref.offset, byteLength);
    if (bytes.length !== byteLength) throw new SnapshotError('snapshot arrays truncated');
    if (bytes.byteOffset % Type.BYTES_PER_ELEMENT === 0)
      return new Type(bytes.buffer as ArrayBuffer, bytes.byteOffset, ref.length) as T;
    return new Type(bytes.slice().buffer, 0, ref.length) as T;
  }

  /** The number of elements of section `n`, without reading it. */
  length(n: unknown, type: TypeName): number {
    return this.section(n, type).ref.length;
  }

  /** Section `n` checked now (it exists, has this type, lies inside the arrays) and read on first use. */
  deferred<T extends TypedArray>(n: unknown, type: TypeName): () => T {
    this.section(n, type);
    let a: T | undefined;
    return () => (a ??= this.array<T>(n, type));
  }

  private section(n: unknown, type: TypeName): { ref: SectionRef; byteLength: number } {
    const ref = typeof n === 'number' ? this.layout.sections[n] : undefined;
    if (!ref || ref.type !== type || !TYPES[type])
      throw new SnapshotError(`snapshot section ${String(n)} missing or not ${type}`);
    const byteLength = ref.length * TYPES[type].BYTES_PER_ELEMENT;
    if (!(ref.offset >= 0 && ref.length >= 0 && ref.offset + byteLength <= this.layout.arrayBytes))
      throw new SnapshotError(`snapshot section ${n} out of bounds`);
    return { ref, byteLength };
  }

  /** Every stored string, in the order they were stored. */
  strings(): string[] {
    return this.stringsExcept(0, 0).strings;
  }

  /**
   * The stored strings except those numbered `from` to `to - 1`, which stay in the source until `text(n)`
   * asks for one: a chunk holding only such strings is not even read. Restoring papers without their
   * abstracts touches far less memory, and fresh memory is what a restore pays for (on a virtual machine
   * most of all). The source must stay readable for as long as `text` is used; a chunk that
   * turns out damaged then throws SnapshotError.
   */
  stringsExcept(from: number, to: number): { strings: string[]; text: (n: number) => string } {
    return runSteps(this.stringsExceptInSteps(from, to));
  }

  /** stringsExcept in steps (steps.ts): the chunks read, then STRINGS_PER_STEP strings at a time. */
  *stringsExceptInSteps(from: number, to: number): Steps<{ strings: string[]; text: (n: number) => string }> {
    const t = this.textLayout();
    const { ends, chunkEnds } = t;
    const charAt = (n: number) => (n > 0 ? ends[n - 1] : 0);
    // chunks wholly inside the deferred strings' characters are skipped
    const lazyStart = from < to ? charAt(from) : 0;
    const lazyEnd = from < to ? ends[to - 1] : 0;
    const skip = (k: number) => (k > 0 ? chunkEnds[k - 1] : 0) >= lazyStart && chunkEnds[k] <= lazyEnd;
    const texts = this.readChunks(t, skip);
    yield;
    const slice = (chunk: (k: number) => string, start: number, end: number, k: number): string => {
      if (end === start) return '';
      while (chunkEnds[k] <= start) k++;
      const chunkStart = k > 0 ? chunkEnds[k - 1] : 0;
      if (end <= chunkEnds[k]) return chunk(k).slice(start - chunkStart, end - chunkStart);
      // a string across chunks: its parts joined
      let s = chunk(k).slice(start - chunkStart);
      let j = k + 1;
      while (chunkEnds[j] < end) s += chunk(j++);
      return s + chunk(j).slice(0, end - chunkEnds[j - 1]);
    };
    const out = new Array<string>(ends.length);
    let k = 0;
    for (let i = 0; i < ends.length; i++) {
      if (i > 0 && i % STRINGS_PER_STEP === 0) yield;
      const start = charAt(i);
      const end = ends[i];
      if (end < start) throw new SnapshotError('snapshot text damaged');
      if (i >= from && i < to) continue;
      while (end > start && chunkEnds[k] <= start) k++;
      out[i] = slice((c) => texts[c] ?? this.readChunk(t, c), start, end, k);
    }
    // deferred strings: their chunks decoded on demand, the last few kept (papers are often read in order)
    const recent = new Map<number, string>();
    const chunk = (c: number): string => {
      let s = texts[c] ?? recent.get(c);
      if (s === undefined) {
        s = this.readChunk(t, c);
        if (recent.size >= RECENT_CHUNKS) recent.delete(recent.keys().next().value!);
        recent.set(c, s);
      }
      return s;
    };
    const text = (n: number): string => {
      if (!(n >= from && n < to)) return out[n];
      const start = charAt(n);
      return slice(chunk, start, ends[n], upperBound(chunkEnds, start));
    };
    return { strings: out, text };
  }

  /** The text's sections, checked against each other; per chunk where its bytes start. */
  private textLayout(): TextLayout {
    if (this.text) return this.text;
    const { text } = this.layout;
    const chunkBytes = this.array<Uint32Array>(text.chunkBytes, 'u32');
    const chunkUtf16 = this.array<Uint8Array>(text.chunkUtf16, 'u8');
    const chunkEnds = this.array<Uint32Array>(text.chunkEnds, 'u32');
    const ends = this.array<Uint32Array>(text.ends, 'u32');
    if (chunkEnds.length !== chunkBytes.length || chunkUtf16.length !== chunkBytes.length)
      throw new SnapshotError('snapshot text damaged');
    const total = chunkEnds.length ? chunkEnds[chunkEnds.length - 1] : 0;
    if ((ends.length ? ends[ends.length - 1] : 0) !== total) throw new SnapshotError('snapshot text damaged');
    const chunkOffsets = new Float64Array(chunkBytes.length + 1);
    chunkOffsets[0] = this.start + this.layout.arrayBytes;
    for (let k = 0; k < chunkBytes.length; k++) {
      if (k > 0 && chunkEnds[k] < chunkEnds[k - 1]) throw new SnapshotError('snapshot text damaged');
      chunkOffsets[k + 1] = chunkOffsets[k] + chunkBytes[k];
    }
    if (chunkOffsets[chunkBytes.length] > this.source.size) throw new SnapshotError('snapshot text truncated');
    if (chunkOffsets[chunkBytes.length] !== this.source.size) throw new SnapshotError('snapshot text damaged');
    return (this.text = { chunkBytes, chunkUtf16, chunkEnds, ends, chunkOffsets });
  }

  /** Decodes chunk `k` from its bytes; SnapshotError when its length is not the stored one. */
  private decodeChunk(t: TextLayout, k: number, bytes: Uint8Array, decoder: TextDecoder): string {
    const s = t.chunkUtf16[k] ? fromUtf16(bytes) : decoder.decode(bytes);
    if (s.length !== t.chunkEnds[k] - (k > 0 ? t.chunkEnds[k - 1] : 0))
      throw new SnapshotError('snapshot text damaged');
    return s;
  }

  /** One chunk, read and decoded on its own. */
  private readChunk(t: TextLayout, k: number): string {
    const n = t.chunkBytes[k];
    const bytes = this.source.read(t.chunkOffsets[k], n);
    if (bytes.length !== n) throw new SnapshotError('snapshot text truncated');
    return this.decodeChunk(t, k, bytes, new TextDecoder('utf-8', { ignoreBOM: true }));
  }

  /** Decodes the chunks not skipped, reading up to SCRATCH_BYTES of them at a time into one reused buffer. */
  private readChunks(t: TextLayout, skip: (k: number) => boolean): (string | undefined)[] {
    const { chunkBytes, chunkOffsets } = t;
    const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
    const texts = new Array<string | undefined>(chunkBytes.length);
    const scratch = new Uint8Array(Math.min(SCRATCH_BYTES, this.source.size - chunkOffsets[0]));
    for (let k = 0; k < chunkBytes.length;) {
      if (skip(k)) {
        k++;
        continue;
      }
      let n = 0;
      let last = k;
      while (last < chunkBytes.length && !skip(last) && (last === k || n + chunkBytes[last] <= SCRATCH_BYTES))
        n += chunkBytes[last++];
      const bytes = this.source.read(chunkOffsets[k], n, scratch);
      if (bytes.length !== n) throw new SnapshotError('snapshot text truncated');
      for (let at = 0; k < last; k++) {
        texts[k] = this.decodeChunk(t, k, bytes.subarray(at, at + chunkBytes[k]), decoder);
        at += chunkBytes[k];
      }
    }
    return texts;
  }
}

/** Strings made between two pauses of stringsExceptInSteps. */
const STRINGS_PER_STEP = 50_000;
/** Chunks of deferred strings kept decoded (32k characters each). */
const RECENT_CHUNKS = 16;

interface TextLayout {
  chunkBytes: Uint32Array;
  chunkUtf16: Uint8Array;
  chunkEnds: Uint32Array;
  ends: Uint32Array;
  /** Where each chunk's bytes start in the source, and (last) where the text ends. */
  chunkOffsets: Float64Array;
}

/** The first index whose value is above `x` in an ascending array. */
function upperBound(a: Uint32Array, x: number): number {
  let lo = 0;
  let hi = a.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (a[mid] <= x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** UTF-16LE bytes as a string, lone surrogates included (a TextDecoder would replace them). */
function fromUtf16(bytes: Uint8Array): string {
  const codes = new Uint16Array(bytes.length >> 1);
  for (let i = 0; i < codes.length; i++) codes[i] = bytes[2 * i] | (bytes[2 * i + 1] << 8);
  let s = '';
  for (let i = 0; i < codes.length; i += 4096) s += String.fromCharCode(...codes.subarray(i, i + 4096));
  return s;
}
