import { Arrivals, ArrivalsData } from './arrivals';

/**
 * The text form of Arrivals: JSON whose `known` ids (up to the whole library) are packed, three hex digits to two
 * base64url characters: a 12-digit paper id takes 8 characters instead of 15 in a JSON array, with no escaping
 * to do either way. Ids that are not lowercase hex are listed as they are. The new papers, a few hundred or
 * thousand, stay readable.
 */

const FORMAT = 'papers-arrivals';
const VERSION = 1;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const HEX_ID = /^[0-9a-f]+$/;

/** Two characters for each value of three hex digits. */
const PAIRS = Array.from({ length: 4096 }, (_, v) => ALPHABET[v >> 6] + ALPHABET[v & 63]);
/** Three hex digits for each two characters, by their values (c1 * 64 + c2). */
const TRIPLES = Array.from({ length: 4096 }, (_, v) => v.toString(16).padStart(3, '0'));
const VALUE = new Int8Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) VALUE[ALPHABET.charCodeAt(i)] = i;

/** Characters a packed id of `digits` hex digits takes: two per three digits, one per digit left over. */
const packedLength = (digits: number) => Math.floor(digits / 3) * 2 + (digits % 3);

/** Hex digit values by character code (lowercase only: ids are written so). */
const HEX_VALUE = new Int8Array(128).fill(-1);
for (let i = 0; i < 16; i++) HEX_VALUE['0123456789abcdef'.charCodeAt(i)] = i;
const hexAt = (id: string, i: number) => HEX_VALUE[id.charCodeAt(i)];

function packId(id: string): string {
  let out = '';
  let i = 0;
  for (; i + 3 <= id.length; i += 3) out += PAIRS[(hexAt(id, i) << 8) | (hexAt(id, i + 1) << 4) | hexAt(id, i + 2)];
  for (; i < id.length; i++) out += ALPHABET[hexAt(id, i)];
  return out;
}

/** The ids packed in `text`, each of `digits` hex digits; undefined when the text is not such a packing. */
function unpackIds(text: string, digits: number): string[] | undefined {
  const width = packedLength(digits);
  if (width === 0 || text.length % width !== 0) return undefined;
  const ids: string[] = [];
  for (let at = 0; at < text.length; at += width) {
    let id = '';
    let i = at;
    for (let d = 0; d + 3 <= digits; d += 3, i += 2) {
      const v = charValue(text, i) * 64 + charValue(text, i + 1);
      if (v < 0) return undefined;
      id += TRIPLES[v];
    }
    for (; i < at + width; i++) {
      const v = charValue(text, i);
      if (v < 0 || v > 15) return undefined;
      id += v.toString(16);
    }
    ids.push(id);
  }
  return ids;
}

/** The value of a packed character; negative (even times 64 plus another) for one outside the alphabet. */
function charValue(text: string, i: number): number {
  const c = text.charCodeAt(i);
  return c < 128 && VALUE[c] >= 0 ? VALUE[c] : -100_000;
}

/** The known ids packed so far: the first `count` known ids, by length, and those that are not hex. */
interface PackedKnown {
  count: number;
  hex: Map<number, string>;
  other: string[];
}

/** Known ids only grow (see Arrivals.knownFrom): each state's are packed once, then only those added since. */
const packedStates = new WeakMap<Arrivals, PackedKnown>();

function packedKnown(arrivals: Arrivals): { hex: Record<string, string>; other: string[] } {
  let packed = packedStates.get(arrivals);
  if (!packed) packedStates.set(arrivals, (packed = { count: 0, hex: new Map(), other: [] }));
  for (const id of arrivals.knownFrom(packed.count)) {
    if (!HEX_ID.test(id)) packed.other.push(id);
    else packed.hex.set(id.length, (packed.hex.get(id.length) ?? '') + packId(id));
  }
  packed.count = arrivals.knownCount;
  return { hex: Object.fromEntries(packed.hex), other: packed.other };
}

export function serializeArrivals(arrivals: Arrivals): string {
  return JSON.stringify({
    format: FORMAT,
    version: VERSION,
    started: arrivals.hasStarted,
    nextBatch: arrivals.batchCounter,
    known: packedKnown(arrivals),
    batches: arrivals.batchData(),
  });
}

/**
 * Reads what serializeArrivals wrote. Never throws: text that is not a valid state gives an empty state (as if
 * nothing had been recorded: the next load makes everything known, nothing new) and says what was wrong.
 */
export function readArrivals(text: string): { arrivals: Arrivals; problem?: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    return { arrivals: new Arrivals(), problem: `not JSON (${(err as Error).message})` };
  }
  const data = toArrivalsData(json);
  return typeof data === 'string' ? { arrivals: new Arrivals(), problem: data } : { arrivals: Arrivals.fromData(data) };
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isStringArray = (v: unknown): v is string[] => Array.isArray(v) && v.every((s) => typeof s === 'string');
const isCount = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) >= 0;

/** The state in parsed JSON, or what is wrong with it. */
function toArrivalsData(json: unknown): ArrivalsData | string {
  if (!isRecord(json) || json.format !== FORMAT) return `not a ${FORMAT} file`;
  if (json.version !== VERSION) return `version ${String(json.version)}, this Papers reads version ${VERSION}`;
  if (typeof json.started !== 'boolean' || !isCount(json.nextBatch)) return 'no valid "started" or "nextBatch"';
  const known = unpackKnown(json.known);
  if (typeof known === 'string') return known;
  const batches = Array.isArray(json.batches) ? json.batches : undefined;
  const valid = batches?.every((b) => isRecord(b) && isCount(b.id) && isCount(b.at) && isStringArray(b.ids));
  if (!batches || !valid) return '"batches" is not a list of { id, at, ids }';
  return { started: json.started, nextBatch: json.nextBatch, known, batches };
}

function unpackKnown(known: unknown): string[] | string {
  if (!isRecord(known) || !isRecord(known.hex) || !isStringArray(known.other)) return '"known" is not { hex, other }';
  const ids = [...known.other];
  for (const [length, packed] of Object.entries(known.hex)) {
    const digits = Number(length);
    const unpacked =
      Number.isSafeInteger(digits) && digits > 0 && typeof packed === 'string' ? unpackIds(packed, digits) : undefined;
    if (!unpacked) return `"known.hex.${length}" is not a packing of ${length}-digit ids`;
    for (const id of unpacked) ids.push(id);
  }
  return ids;
}
