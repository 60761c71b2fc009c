/**
 * One library's titles with no two alike. Papers whose derived titles come out the same ("Graph neural networks")
 * each get what sets them apart in parentheses: a salient phrase of their own abstract in words the other papers
 * of the group do not all use ("Graph neural networks (molecular property prediction)"); a number only when the
 * abstracts offer nothing. Titles given by the files are kept as they are, and no derived title takes one of them.
 */

import { makeDoc } from './abstractDoc';
import { plainTopicPhrase } from './topic';
import { shorten } from './shorten';
import { PRONOUNS } from './wordLists';

/** Longest phrase added, in words. */
const MAX_APART_WORDS = 4;
const WORD = /[\p{L}\p{N}][\p{L}\p{N}'-]*/gu;

const key = (title: string): string => title.toLowerCase().replace(/\s+/g, ' ').trim();
const wordsOf = (text: string): Set<string> => new Set((text.toLowerCase().match(WORD) ?? []) as string[]);

/**
 * `titles[i]` is the title of the paper with abstract `abstracts[i]` (or the reader's answer for i); `given[i]` true when a file gave that title
 * (kept, never changed). Returns the titles in the same order, each paper's object copied when its title changed.
 */
export function distinctTitles<T extends { title: string }>(
  titles: readonly T[],
  abstractsOrReader: readonly string[] | ((i: number) => string),
  given: readonly boolean[] = [],
): T[] {
  // a reader is asked only for the papers whose titles clash: a library need not decode every abstract for them
  const abstractOf = typeof abstractsOrReader === 'function' ? abstractsOrReader : (i: number) => abstractsOrReader[i];
  const groups = new Map<string, number[]>();
  titles.forEach((t, i) => {
    const k = key(t.title);
    const g = groups.get(k);
    if (g) g.push(i);
    else groups.set(k, [i]);
  });
  const taken = new Set(groups.keys());
  const out = titles.slice();
  for (const members of groups.values()) {
    if (members.length < 2) continue;
    const derived = members.filter((i) => !given[i] && abstractOf(i));
    // a lone derived title beside given ones still changes; among derived ones only, all of them do
    if (derived.length === 0) continue;
    const shared = derived.map((i) => wordsOf(abstractOf(i))).reduce((a, b) => new Set([...a].filter((w) => b.has(w))));
    for (const i of derived) {
      const base = titles[i].title;
      const avoid = new Set([...PRONOUNS, ...wordsOf(base), ...(derived.length > 1 ? shared : [])]);
      const phrase = shorten(plainTopicPhrase(makeDoc(abstractOf(i)), avoid, false, 1), MAX_APART_WORDS);
      let title = phrase.length > 0 ? `${base} (${phrase.join(' ')})` : '';
      for (let n = 2; !title || taken.has(key(title)); n++) title = `${base} (${n})`;
      taken.add(key(title));
      out[i] = { ...titles[i], title };
    }
  }
  return out;
}
