/**
 * What the snapshot writer and reader agree on (see format.ts for the container as a whole): the header, the
 * typed arrays a section may hold, and the JSON layout that says where each section and the text are.
 */

export const MAGIC = 'PAPERS-SNAPSHOT\n';
/**
 * Bump when the layout or what is stored changes, or how it is derived (titles, keywords and themes read from
 * decoded LaTeX since format 6, broad themes by arXiv field since format 7, titles chosen by the learned ranker and
 * distinct in a library, and the papers' arXiv ids, dates and categories since format 8): an entry of another format
 * is stale, and is neither restored nor grown from.
 */
export const SNAPSHOT_FORMAT = 8;
export const HEADER_BYTES = MAGIC.length + 4 + 4 + 8;

export class SnapshotError extends Error {
  override name = 'SnapshotError';
}

export type TypedArray = Uint8Array | Uint16Array | Uint32Array | Float32Array;
export const TYPES = { u8: Uint8Array, u16: Uint16Array, u32: Uint32Array, f32: Float32Array } as const;
export type TypeName = keyof typeof TYPES;

/** Where a typed array lives, relative to the start of the arrays. */
export interface SectionRef {
  type: TypeName;
  offset: number;
  length: number;
}

/**
 * The text: UTF-8 chunks one after the other after the arrays (UTF-16 for a chunk UTF-8 cannot carry, one
 * with a lone surrogate), each string's end counted in characters over all the text.
 */
export interface TextRef {
  /** Sections: per chunk its length in bytes, whether it is UTF-16, its end in characters; per string its end. */
  chunkBytes: number;
  chunkUtf16: number;
  chunkEnds: number;
  ends: number;
}

export interface Layout {
  sections: SectionRef[];
  /** Bytes of the arrays; the text follows them. */
  arrayBytes: number;
  text: TextRef;
  body: unknown;
}
