/**
 * The field model: which arXiv fields a text belongs to, learned from public arXiv metadata by
 * scripts/fields/buildFieldModel.ts and shipped as arxivFields.json (see DESIGN.md, "Fields"). A linear model
 * (multinomial logistic regression) over the same terms the vectors read (content words and two-word phrases,
 * wordStream.ts), sparse: each field keeps the terms that weigh most for or against it.
 */

/** The file as written by the build script (JSON; the numeric tables as base64). */
export interface FieldModelFile {
  format: 1;
  /** Where the weights were learned, in words. */
  source: string;
  /** The fields, in the order of the weight tables: arXiv codes, with arXiv's names. */
  fields: { code: string; name: string }[];
  /** arXiv's archives (the part of a code before the point) with their names. */
  archives: Record<string, string>;
  /** The terms the model reads, sorted, one per line. */
  terms: string;
  /** Inverse document frequency of each term, as unsigned 16-bit thousandths (base64, little-endian). */
  idf: string;
  /** Each field's bias. */
  bias: number[];
  /** Per field: how many weights it keeps. */
  counts: number[];
  /** The weights' term indices, field after field, each field's ascending, as varint gaps (base64). */
  indices: string;
  /** The weights, as signed 16-bit multiples of `weightScale` (base64, little-endian), in the order of `indices`. */
  weights: string;
  weightScale: number;
  /** Below this probability of its field's archive a text is not said to belong to any field the model knows. */
  minConfidence: number;
  /** Nor when the model knows less than this share of its words (classify.ts FieldFeatures.coverage). */
  minCoverage: number;
  /**
   * Words and two-word phrases of the abstract genre, one per line, sorted: every field uses them in proportion to
   * its size ("future research", "idea"), so they name no topic (scripts/fields/genreTerms.ts).
   */
  genreTerms: string;
}

/** The model decoded for classifying: postings by term, so a text costs its own terms, not the model's size. */
export interface FieldModel {
  fields: readonly { code: string; name: string; archive: string }[];
  archiveNames: Readonly<Record<string, string>>;
  /** The terms the model reads, in the order of its tables (a term's number is its place here). */
  terms: readonly string[];
  idf: Float32Array;
  bias: Float64Array;
  /** For term t, postings[postingStart[t] .. postingStart[t + 1]) are (field, weight) pairs. */
  postingStart: Uint32Array;
  postingField: Uint16Array;
  postingWeight: Float32Array;
  minConfidence: number;
  minCoverage: number;
  /** FieldModelFile.genreTerms, as normalized terms (wordStream.ts termsOf). */
  genreTerms: ReadonlySet<string>;
  source: string;
}

export function decodeFieldModel(file: FieldModelFile): FieldModel {
  if (file.format !== 1) throw new Error(`field model: unknown format ${String(file.format)}`);
  const terms = file.terms.split('\n');
  const idfRaw = uint16s(base64Bytes(file.idf));
  const idf = Float32Array.from(idfRaw, (v) => v / 1000);
  const gaps = varints(base64Bytes(file.indices));
  const weightsRaw = int16s(base64Bytes(file.weights));
  if (gaps.length !== weightsRaw.length) throw new Error('field model: indices and weights differ in length');
  // count postings per term, then fill term-major
  const fieldOfEntry = new Uint16Array(gaps.length);
  const termOfEntry = new Uint32Array(gaps.length);
  let e = 0;
  file.counts.forEach((count, f) => {
    let term = 0;
    for (let k = 0; k < count; k++, e++) {
      term += gaps[e];
      fieldOfEntry[e] = f;
      termOfEntry[e] = term;
    }
  });
  const postingStart = new Uint32Array(terms.length + 1);
  for (const t of termOfEntry) postingStart[t + 1]++;
  for (let t = 0; t < terms.length; t++) postingStart[t + 1] += postingStart[t];
  const fill = postingStart.slice(0, terms.length);
  const postingField = new Uint16Array(gaps.length);
  const postingWeight = new Float32Array(gaps.length);
  for (let i = 0; i < gaps.length; i++) {
    const at = fill[termOfEntry[i]]++;
    postingField[at] = fieldOfEntry[i];
    postingWeight[at] = weightsRaw[i] * file.weightScale;
  }
  return {
    fields: file.fields.map((f) => ({ ...f, archive: archiveOf(f.code) })),
    archiveNames: file.archives,
    terms,
    idf,
    bias: Float64Array.from(file.bias),
    postingStart,
    postingField,
    postingWeight,
    minConfidence: file.minConfidence,
    minCoverage: file.minCoverage,
    genreTerms: new Set(file.genreTerms.split('\n').filter((t) => t !== '')),
    source: file.source,
  };
}

/** The archive of an arXiv code: `cs` of `cs.CL`, `quant-ph` of `quant-ph`. */
export function archiveOf(code: string): string {
  const dot = code.indexOf('.');
  return dot < 0 ? code : code.slice(0, dot);
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const BASE64_VALUE = new Int16Array(128).fill(-1);
for (let i = 0; i < BASE64.length; i++) BASE64_VALUE[BASE64.charCodeAt(i)] = i;

/** Standard base64 (with padding) to bytes; written here so the core needs neither Buffer nor atob. */
export function base64Bytes(text: string): Uint8Array {
  const clean = text.replace(/=+$/, '');
  const out = new Uint8Array(Math.floor((clean.length * 3) / 4));
  let bits = 0;
  let value = 0;
  let o = 0;
  for (let i = 0; i < clean.length; i++) {
    const v = BASE64_VALUE[clean.charCodeAt(i)] ?? -1;
    if (v < 0) throw new Error(`field model: invalid base64 at ${i}`);
    value = (value << 6) | v;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[o++] = (value >> bits) & 0xff;
    }
  }
  return out;
}

export function bytesToBase64(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes[i] << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    const left = bytes.length - i;
    out += BASE64[(n >> 18) & 63] + BASE64[(n >> 12) & 63];
    out += left > 1 ? BASE64[(n >> 6) & 63] : '=';
    out += left > 2 ? BASE64[n & 63] : '=';
  }
  return out;
}

function uint16s(bytes: Uint8Array): Uint16Array {
  const out = new Uint16Array(bytes.length >> 1);
  for (let i = 0; i < out.length; i++) out[i] = bytes[2 * i] | (bytes[2 * i + 1] << 8);
  return out;
}

function int16s(bytes: Uint8Array): Int16Array {
  return new Int16Array(uint16s(bytes).buffer);
}

/** Unsigned LEB128 numbers (at most one per byte). */
function varints(bytes: Uint8Array): Uint32Array {
  const out = new Uint32Array(bytes.length);
  let n = 0;
  let value = 0;
  let shift = 0;
  for (const b of bytes) {
    value += (b & 0x7f) * 2 ** shift;
    if (b & 0x80) shift += 7;
    else {
      out[n++] = value;
      value = 0;
      shift = 0;
    }
  }
  return out.slice(0, n);
}

export function varintBytes(values: readonly number[]): Uint8Array {
  const out: number[] = [];
  for (let v of values) {
    while (v >= 0x80) {
      out.push((v % 0x80) | 0x80);
      v = Math.floor(v / 0x80);
    }
    out.push(v);
  }
  return Uint8Array.from(out);
}

/**
 * True for a phrase (its normalized words, as the vectors read them) of the abstract genre: a word or two-word phrase
 * among the model's genre terms, or a longer phrase all of whose two-word phrases are.
 */
export function isGenrePhrase(model: FieldModel, words: readonly string[]): boolean {
  if (words.length === 0) return false;
  if (words.length <= 2) return model.genreTerms.has(words.join(' '));
  for (let i = 0; i + 1 < words.length; i++) if (!model.genreTerms.has(`${words[i]} ${words[i + 1]}`)) return false;
  return true;
}
