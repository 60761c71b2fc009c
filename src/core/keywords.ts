import { isContentWord, tokenize, Token } from './text';

/** A term of a document: a content word or a two-word phrase of adjacent content words. */
export interface DocTerms {
  /** Normalized term -> count in the document. */
  counts: Map<string, number>;
}

/** Term statistics of a corpus: document frequencies and the most common written form of each term. */
export interface TermStats {
  docCount: number;
  df: Map<string, number>;
  surface: Map<string, string>;
}

/** Content words and adjacent content-word pairs in the same sentence ("offline rl", "flow matching"); records written forms of words. */
export function documentTerms(tokens: Token[], surfaces?: Map<string, Map<string, number>>): DocTerms {
  const counts = new Map<string, number>();
  const noteWord = (norm: string, surface: string, sentenceInitial: boolean) => {
    counts.set(norm, (counts.get(norm) ?? 0) + 1);
    if (!surfaces) return;
    let forms = surfaces.get(norm);
    if (!forms) surfaces.set(norm, (forms = new Map()));
    // a capital at the start of a sentence says nothing about how the term is written
    forms.set(surface, (forms.get(surface) ?? 0) + (sentenceInitial ? 0.1 : 1));
  };
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (!isContentWord(t.norm)) continue;
    const initial = i === 0 || tokens[i - 1].sentence !== t.sentence;
    noteWord(t.norm, t.surface, initial);
    const next = tokens[i + 1];
    if (next && next.sentence === t.sentence && isContentWord(next.norm) && next.start - (t.start + t.surface.length) <= 2) {
      const phrase = `${t.norm} ${next.norm}`;
      counts.set(phrase, (counts.get(phrase) ?? 0) + 1);
    }
  }
  return { counts };
}

function bestSurface(forms: Map<string, number>): string {
  let best = '';
  let bestCount = -1;
  for (const [form, count] of forms) {
    if (count > bestCount || (count === bestCount && form < best)) {
      best = form;
      bestCount = count;
    }
  }
  return best;
}

/** Counts document frequencies and written forms over a corpus of abstracts. */
export function corpusTermStats(docs: DocTerms[], surfaces: Map<string, Map<string, number>>): TermStats {
  const df = new Map<string, number>();
  for (const d of docs) for (const term of d.counts.keys()) df.set(term, (df.get(term) ?? 0) + 1);
  const surface = new Map<string, string>();
  for (const [term, forms] of surfaces) if (df.has(term)) surface.set(term, bestSurface(forms));
  // a phrase is written as its words are usually written ("offline RL")
  for (const term of df.keys()) {
    const space = term.indexOf(' ');
    if (space > 0) surface.set(term, `${surface.get(term.slice(0, space)) ?? term.slice(0, space)} ${surface.get(term.slice(space + 1)) ?? term.slice(space + 1)}`);
  }
  return { docCount: docs.length, df, surface };
}

/**
 * The most informative terms of one document by TF-IDF, phrases preferred over their own words,
 * in their written form. A phrase must occur in two documents of the corpus.
 */
export function topKeywords(doc: DocTerms, stats: TermStats, limit = 8): string[] {
  const scored: { term: string; score: number }[] = [];
  const n = Math.max(stats.docCount, 1);
  for (const [term, tf] of doc.counts) {
    const df = stats.df.get(term) ?? 1;
    const phrase = term.includes(' ');
    if (phrase && df < 2) continue;
    if (df > 0.5 * n && n > 4) continue;
    const idf = Math.log((1 + n) / (1 + df)) + 1;
    const score = (1 + Math.log(tf)) * idf * (phrase ? 1.6 : 1);
    scored.push({ term, score });
  }
  scored.sort((a, b) => b.score - a.score || (a.term < b.term ? -1 : 1));
  const chosen: string[] = [];
  for (const { term } of scored) {
    if (chosen.length >= limit) break;
    // a phrase makes its own words redundant, and a word already inside a chosen phrase adds nothing
    if (!term.includes(' ') && chosen.some((c) => c.split(' ').includes(term))) continue;
    if (term.includes(' ')) {
      const words = term.split(' ');
      for (let i = chosen.length - 1; i >= 0; i--) if (words.includes(chosen[i])) chosen.splice(i, 1);
    }
    chosen.push(term);
  }
  return chosen.map((t) => stats.surface.get(t) ?? t);
}

/** Keywords for every abstract of a corpus, in input order. */
export function keywordsForCorpus(abstracts: string[], limit = 8): string[][] {
  const surfaces = new Map<string, Map<string, number>>();
  const docs = abstracts.map((a) => documentTerms(tokenize(a), surfaces));
  const stats = corpusTermStats(docs, surfaces);
  return docs.map((d) => topKeywords(d, stats, limit));
}
