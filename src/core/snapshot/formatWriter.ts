/** Writing the snapshot container (format.ts): typed arrays and strings collected, then laid out in one buffer. */
import {
  HEADER_BYTES,
  Layout,
  MAGIC,
  SectionRef,
  SNAPSHOT_FORMAT,
  TextRef,
  TypedArray,
  TypeName,
} from './formatLayout';

/** Characters per text chunk: small enough to decode fast, large enough that chunks are few. */
const CHUNK_CHARS = 32_768;

function typeOf(a: TypedArray): TypeName {
  if (a instanceof Uint8Array) return 'u8';
  if (a instanceof Uint16Array) return 'u16';
  if (a instanceof Uint32Array) return 'u32';
  return 'f32';
}

const isWellFormed = (s: string): boolean => {
  const native = (s as { isWellFormed?: () => boolean }).isWellFormed;
  return native ? native.call(s) : !/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(s);
};

/** Collects typed arrays and strings, then lays them out with a JSON body in one buffer. */
export class SnapshotWriter {
  private readonly arrays: TypedArray[] = [];
  private readonly ends: number[] = [];
  private readonly chunks: Uint8Array[] = [];
  private readonly chunkUtf16: number[] = [];
  private readonly chunkEnds: number[] = [];
  private pending: string[] = [];
  private pendingChars = 0;
  private totalChars = 0;

  /** Stores a typed array; the number to find it with (SnapshotReader.array). */
  array(a: TypedArray): number {
    this.arrays.push(a);
    return this.arrays.length - 1;
  }

  /** Stores a string; the number to find it with (SnapshotReader.strings). */
  string(s: string): number {
    this.pending.push(s);
    this.pendingChars += s.length;
    this.totalChars += s.length;
    this.ends.push(this.totalChars);
    while (this.pendingChars >= CHUNK_CHARS) this.cut(CHUNK_CHARS);
    return this.ends.length - 1;
  }

  /** Makes a chunk of the first `size` pending characters (one less when that would split a surrogate pair). */
  private cut(size: number): void {
    const joined = this.pending.join('');
    let at = Math.min(size, joined.length);
    const c = joined.charCodeAt(at - 1);
    if (at < joined.length && c >= 0xd800 && c <= 0xdbff) at--;
    const chunk = joined.slice(0, at);
    const utf16 = !isWellFormed(chunk);
    const codes = utf16 ? Uint16Array.from({ length: chunk.length }, (_, i) => chunk.charCodeAt(i)) : undefined;
    this.chunks.push(codes ? new Uint8Array(codes.buffer) : new TextEncoder().encode(chunk));
    this.chunkUtf16.push(utf16 ? 1 : 0);
    this.chunkEnds.push(this.totalChars - this.pendingChars + at);
    this.pending = at < joined.length ? [joined.slice(at)] : [];
    this.pendingChars = joined.length - at;
  }

  /** The whole snapshot: header, JSON part (`body` plus the layout), the arrays, the text. */
  finish(body: unknown): Uint8Array {
    if (this.pendingChars > 0) this.cut(this.pendingChars);
    const text: TextRef = {
      chunkBytes: this.array(Uint32Array.from(this.chunks, (c) => c.length)),
      chunkUtf16: this.array(Uint8Array.from(this.chunkUtf16)),
      chunkEnds: this.array(Uint32Array.from(this.chunkEnds)),
      ends: this.array(Uint32Array.from(this.ends)),
    };
    const sections: SectionRef[] = [];
    let arrayBytes = 0;
    for (const a of this.arrays) {
      sections.push({ type: typeOf(a), offset: arrayBytes, length: a.length });
      arrayBytes += Math.ceil(a.byteLength / 8) * 8;
    }
    const layout: Layout = { sections, arrayBytes, text, body };
    const json = new TextEncoder().encode(JSON.stringify(layout));
    const start = Math.ceil((HEADER_BYTES + json.length) / 8) * 8;
    const out = new Uint8Array(start + arrayBytes + this.chunks.reduce((n, c) => n + c.length, 0));
    const view = new DataView(out.buffer);
    for (let i = 0; i < MAGIC.length; i++) out[i] = MAGIC.charCodeAt(i);
    view.setUint32(MAGIC.length, SNAPSHOT_FORMAT, true);
    view.setUint32(MAGIC.length + 4, json.length, true);
    view.setFloat64(MAGIC.length + 8, out.length, true);
    out.set(json, HEADER_BYTES);
    this.arrays.forEach((a, i) =>
      out.set(new Uint8Array(a.buffer, a.byteOffset, a.byteLength), start + sections[i].offset),
    );
    let at = start + arrayBytes;
    for (const c of this.chunks) {
      out.set(c, at);
      at += c.length;
    }
    return out;
  }
}
