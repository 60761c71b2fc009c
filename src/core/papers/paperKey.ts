/**
 * Paper keys: short, stable, readable handles such as `envfactory-6755e5c`, used in notes file names,
 * `@paper:` references and BibTeX. A key resolves by its id part, so a better title later does not
 * break old keys.
 */

const ID_PART = 7;

/** A lowercase ASCII slug of at most `max` characters, cut at a word boundary. Never empty. */
export function slugify(text: string, max = 32): string {
  const ascii = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'ss')
    .replace(/[æÆ]/g, 'ae')
    .replace(/[øØ]/g, 'o')
    .replace(/[œŒ]/g, 'oe');
  const words = ascii
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  let slug = '';
  for (const w of words) {
    const next = slug ? `${slug}-${w}` : w;
    if (next.length > max) break;
    slug = next;
  }
  return slug || (words[0] ?? 'paper').slice(0, max) || 'paper';
}

/** The key of a paper: a slug of its method name (or the start of its title) plus the start of its id. */
export function paperKey(paper: { id: string; title: string; method: string | null }): string {
  const base = paper.method ?? paper.title.split(':')[0];
  return `${slugify(base, paper.method ? 32 : 40)}-${paper.id.slice(0, ID_PART)}`;
}

/** The id prefix inside a key (`anything-6755e5c` -> `6755e5c`), or the text itself when it is a bare id. */
export function idPartOfKey(key: string): string {
  const m = /(?:^|-)([0-9a-f]{7,16})$/.exec(key.trim().toLowerCase());
  return m ? m[1] : key.trim().toLowerCase();
}

/** Finds the paper a key (or a full or partial id) refers to; undefined when none or ambiguous. */
export function resolvePaperKey<T extends { id: string }>(key: string, papers: Iterable<T>): T | undefined {
  const part = idPartOfKey(key);
  let found: T | undefined;
  for (const p of papers) {
    if (p.id.startsWith(part)) {
      if (found) return undefined;
      found = p;
    }
  }
  return found;
}
