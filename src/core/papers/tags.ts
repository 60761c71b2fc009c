/** Tags: short labels the user puts on papers. Compared without case; written as first typed. */

const MAX_TAG_LENGTH = 40;

/** Cleans a typed tag: trimmed, inner whitespace collapsed, no leading '#', at most 40 characters; '' when nothing is left. */
export function normalizeTag(raw: string): string {
  return raw.trim().replace(/^#+/, '').replace(/\s+/g, ' ').trim().slice(0, MAX_TAG_LENGTH).trim();
}

/** Splits "a, b, c" into tags. */
export function parseTagList(raw: string): string[] {
  return raw
    .split(',')
    .map(normalizeTag)
    .filter((t) => t !== '');
}

/** Adds tags that are not there yet (without case), keeping the existing spelling. */
export function addTags(existing: readonly string[] = [], added: readonly string[]): string[] {
  const out = [...existing];
  for (const tag of added) if (!out.some((t) => t.toLowerCase() === tag.toLowerCase())) out.push(tag);
  return out;
}

export function removeTags(existing: readonly string[] = [], removed: readonly string[]): string[] {
  const gone = new Set(removed.map((t) => t.toLowerCase()));
  return existing.filter((t) => !gone.has(t.toLowerCase()));
}

/** Every tag in use with its paper count, most used first, then by name. */
export function tagCounts(tagLists: Iterable<readonly string[] | undefined>): { tag: string; count: number }[] {
  const counts = new Map<string, { tag: string; count: number }>();
  for (const list of tagLists) {
    for (const tag of list ?? []) {
      const key = tag.toLowerCase();
      const entry = counts.get(key) ?? { tag, count: 0 };
      entry.count++;
      counts.set(key, entry);
    }
  }
  return [...counts.values()].sort((a, b) => b.count - a.count || a.tag.localeCompare(b.tag));
}
