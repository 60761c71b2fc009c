/**
 * Deterministic synthetic corpora for the benchmark, recombined from the sentences of real abstracts.
 *
 * Each synthetic abstract takes a "topic" abstract and keeps most of its sentences in order, swapping
 * some for sentences of other abstracts: the text reads like an abstract and themes stay meaningful.
 * Made-up method names (CamelCase words such as "EnvFactory") are replaced by a fresh name per
 * synthetic abstract, so the vocabulary grows with the corpus as it does in a real library (every
 * paper names its method) instead of staying at the size of the source texts.
 */
import { closeSync, openSync, writeSync } from 'node:fs';
import { sentenceOffsets } from '../../../src/core/common/text';
import { seededRandom } from '../../../src/core/vectors/seededRandom';

/** Words that look like a coined method name: an inner capital after lower-case letters ("EnvFactory", "GeneFlow"). */
const COINED = /\b[A-Z][a-z]+[A-Z][A-Za-z0-9]*\b/g;
const SYLLABLES = [
  'ka',
  'ro',
  'vi',
  'len',
  'tor',
  'mi',
  'sa',
  'quo',
  'zen',
  'dra',
  'pol',
  'ix',
  'nu',
  'fer',
  'gal',
  'te',
  'bri',
  'om',
];

function coinedName(rand: () => number): string {
  const part = () => {
    const n = 2 + Math.floor(rand() * 2);
    let s = '';
    for (let i = 0; i < n; i++) s += SYLLABLES[Math.floor(rand() * SYLLABLES.length)];
    return s[0].toUpperCase() + s.slice(1);
  };
  return part() + part();
}

function sentencesOf(abstract: string): string[] {
  const starts = sentenceOffsets(abstract);
  return starts.map((s, i) => abstract.slice(s, starts[i + 1] ?? abstract.length).trim()).filter((s) => s.length > 0);
}

/**
 * `count` synthetic abstracts, one per line, from `sources` (abstracts); same inputs and seed, same output.
 * `origins[i]` lists, per sentence of text i, the index in `sources` of the abstract it comes from: the
 * hand labels of those abstracts say what text i is about, for measuring themes at scale (themeQuality.ts).
 */
export function synthCorpus(
  sources: readonly string[],
  count: number,
  seed = 7,
  swap = 0.35,
): { texts: string[]; origins: number[][] } {
  const bySource = sources
    .map((text, index) => ({ index, sentences: sentencesOf(text) }))
    .filter((s) => s.sentences.length > 0);
  const all = bySource.flatMap((s) => s.sentences.map((text) => ({ text, source: s.index })));
  const rand = seededRandom(seed);
  const texts: string[] = [];
  const origins: number[][] = [];
  for (let i = 0; i < count; i++) {
    const topic = bySource[Math.floor(rand() * bySource.length)];
    const parts = topic.sentences.map((text) =>
      rand() < swap ? all[Math.floor(rand() * all.length)] : { text, source: topic.index },
    );
    // a sentence more or less, so lengths vary
    if (rand() < 0.3) parts.push(all[Math.floor(rand() * all.length)]);
    // eslint-disable-next-line no-dupe-else-if -- each rand() is a new draw, not the condition above again
    else if (parts.length > 3 && rand() < 0.3) parts.splice(1 + Math.floor(rand() * (parts.length - 1)), 1);
    const names = new Map<string, string>();
    const text = parts
      .map((p) => p.text)
      .join(' ')
      .replace(COINED, (w) => {
        let name = names.get(w);
        if (!name) names.set(w, (name = coinedName(rand)));
        return name;
      });
    texts.push(text.replace(/\s+/g, ' '));
    origins.push(parts.map((p) => p.source));
  }
  return { texts, origins };
}

export function synthAbstracts(sources: readonly string[], count: number, seed = 7): string[] {
  return synthCorpus(sources, count, seed).texts;
}

/** Writes the abstracts as a Daily Papers dump, a chunk at a time (100k abstracts are ~150 MB). */
export function writeDailyPapers(file: string, abstracts: readonly string[]): void {
  const fd = openSync(file, 'w');
  try {
    writeSync(fd, 'Daily Papers\n\n');
    for (let i = 0; i < abstracts.length; i += 1000) writeSync(fd, `${abstracts.slice(i, i + 1000).join('\n\n')}\n\n`);
  } finally {
    closeSync(fd);
  }
}
