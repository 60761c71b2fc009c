/**
 * Paper ids: a hash of the normalized abstract, so the same abstract gets the same id
 * whatever file it comes from, in whatever order, run after run; a paper without an abstract is
 * identified by its title (titleId).
 */
import { decodeLatex } from '../common';

/** White space that collapsing would change: a run of two or more, or any white space but a plain space. */
const FOLDABLE_SPACE = /\s{2,}|[^\S ]/u;

/** Normalizes text for identity: Unicode NFKC, case folded, whitespace collapsed. */
export function normalizeForId(text: string): string {
  const folded = text.normalize('NFKC').toLowerCase();
  // Most texts are already single-spaced: testing is cheaper than a replace that changes nothing.
  return (FOLDABLE_SPACE.test(folded) ? folded.replace(/\s+/gu, ' ') : folded).trim();
}

/**
 * A fast 64-bit string hash (two 32-bit multiply-xorshift lanes, as in cyrb53), as 16 hex digits.
 * Pure JS (no node:crypto) so a browser build works; not cryptographic, only an identity.
 */
export function hash64(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (h2 >>> 0).toString(16).padStart(8, '0') + (h1 >>> 0).toString(16).padStart(8, '0');
}

/** The paper id: 12 hex digits of the hash of the normalized abstract. */
export function paperId(abstract: string): string {
  return hash64(normalizeForId(abstract)).slice(0, 12);
}

/**
 * The id of a paper known only by its title (an entry without an abstract): all 16 hex digits of the hash of
 * the normalized title and year, so it is as stable as an abstract id, and its length alone keeps it apart
 * from every abstract id (12 digits). Still hex, so keys (`slug-1a2b3c4`) resolve it the same way.
 */
export function titleId(title: string, year?: string): string {
  return hash64(`title\u0000${normalizeForId(title)}\u0000${year?.trim() ?? ''}`);
}

/**
 * The text a paper is analysed by: its abstract, or its title when it has none, with its LaTeX decoded, so that
 * titles, keywords, vectors and theme labels read `Schr\"odinger` as Schrödinger and never show markup. The paper
 * keeps its text as the file gives it: its id hashes that, and the paper view renders its math.
 */
export function paperText(paper: { abstract: string; sourceTitle?: string }): string {
  return decodeLatex(paper.abstract || paper.sourceTitle || '');
}

/** The same hash over bytes (file contents), as 16 hex digits. */
export function hashBytes(bytes: Uint8Array, seed = 0): string {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < bytes.length; i++) {
    const c = bytes[i];
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (h2 >>> 0).toString(16).padStart(8, '0') + (h1 >>> 0).toString(16).padStart(8, '0');
}
