import { KNOWN, KNOWN_FAMILY, PLACEHOLDERS } from './wordLists';

/** Small bounded cache for per-word computations (words repeat across abstracts). */
function memo<T>(fn: (w: string) => T): (w: string) => T {
  const cache = new Map<string, T>();
  return (w: string): T => {
    let v = cache.get(w);
    if (v === undefined) {
      if (cache.size > 20000) cache.clear();
      v = fn(w);
      cache.set(w, v);
    }
    return v;
  };
}

/** The name without a model-size or version suffix: "RubricEM-8B" -> "RubricEM". */
export const baseName = memo((core: string): string => core.replace(/(-(\d+(\.\d+)?[BM]|\d+x\d+[BM]))(-[A-Za-z]+)?$/, '').replace(/-$/, ''));

const isAcronymPlural = (w: string): boolean => /^[A-Z][A-Z0-9]+s$/.test(w);

export const singular = (w: string): string => (isAcronymPlural(w) ? w.slice(0, -1) : w);

/**
 * 0: not name-like; 1: Title-case word; 2: all-caps acronym; 3: coined shape (internal capitals,
 * digits mixed with letters, hyphen + capitals, ^ _ + * . inside).
 */
export const shapeOf = memo((word: string): number => {
  const w = baseName(word);
  if (w.length < 2 || !/[A-Za-z]/.test(w)) return 0;
  if (/[@=<>|/\\()%$#&~]|:\/\/|^www\.|\.(com|org|io|ai|net|edu|html?)$/i.test(w)) return 0;
  if (/^\d/.test(w)) return 0;
  if (/^(i|ii|iii|iv|v|vi|vii|viii|ix|x|xi|xii)$/i.test(w)) return 0;
  if (/^[A-Z]-[a-z]/.test(w)) return 0; // Q-learning, K-means, X-ray
  if (/^(e\.g|i\.e|et|al|vs|etc|cf|fig|eq)$/i.test(w)) return 0;
  const parts = w.split('-');
  const last = parts[parts.length - 1];
  const hasUpper = /[A-Z]/.test(w);
  const hasLower = /[a-z]/.test(w);
  const hasDigit = /\d/.test(w);
  const special = /[\^_+*.{}]/.test(w);
  // compound adjectives built on an acronym: "LLM-based", "GRPO-style", "SFT-then-RL"
  if (parts.length > 1 && /^[a-z]{3,}$/.test(last) && /^[A-Z0-9]+s?$/.test(parts[0])) return 0;
  if (parts.some((p) => /^(then|to|and|or|vs|versus)$/.test(p)) && parts.filter((p) => /^[A-Z0-9]+$/.test(p)).length === parts.length - 1) return 0;
  if (!hasUpper) return 0;
  if (!hasLower || isAcronymPlural(w)) {
    const letters = w.replace(/[^A-Za-z]/g, '').length;
    if (letters < 2 && !hasDigit) return 0;
    return hasDigit || special ? 3 : 2;
  }
  if (!hasDigit && !special && parts.every((p) => /^[A-Z]?[a-z]+$/.test(p))) return 1;
  return 3;
});

/** A common acronym, term or placeholder: never an introduced name. */
export const isKnown = memo((word: string): boolean => {
  const w = singular(baseName(word));
  const l = w.toLowerCase();
  return KNOWN.has(l) || KNOWN.has(word.toLowerCase()) || PLACEHOLDERS.has(w);
});

/** A name from a well-known family ("Qwen3-8B") or made only of common acronyms ("LLM-RL"): a name only when plainly introduced. */
export const isFamiliar = memo((word: string): boolean => {
  const w = singular(baseName(word));
  if (KNOWN_FAMILY.test(w)) return true;
  const parts = w.toLowerCase().split('-');
  return parts.length > 1 && parts.every((p) => KNOWN.has(p) || KNOWN.has(p.replace(/s$/, '')));
});

/** Name-like for the purpose of an introduction: a coined shape or an all-caps acronym, not a known one. */
export const nameLike = (core: string): boolean => shapeOf(core) >= 2 && !isKnown(core);

interface WordInfo {
  lower: string;
  base: string;
  shape: number;
  known: boolean;
  familiar: boolean;
}

export const wordInfo = memo((core: string): WordInfo => ({ lower: core.toLowerCase(), base: baseName(core), shape: shapeOf(core), known: isKnown(core), familiar: isFamiliar(core) }));

export const capitalized = (core: string): boolean => /^[A-Z]/.test(core) || shapeOf(core) >= 2;

/** Capitalized words that are sentence glue rather than name parts. */
export const isStopCapital = (core: string): boolean => /^(We|Our|The|This|These|That|In|On|For|To|A|An|It|Its|By|With|And|Or|However|Specifically|Moreover|Furthermore|Finally|First|Second|Third|Then|Based|Using|Unlike|Despite|Experiments|Results|Extensive|Empirically|Theoretically|Notably|Overall|Together|Code)$/.test(core);
