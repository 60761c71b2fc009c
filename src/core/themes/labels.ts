/**
 * Readable theme labels: the phrases that set a group of abstracts apart from the rest, written the
 * way the abstracts write them ("GUI agents", "offline RL", "diffusion policies").
 *
 * General rules only (English morphology and statistics, nothing about one field):
 * - Candidates are runs of 1–3 adjacent content words inside one sentence with no punctuation
 *   between them (text.ts decides what a content word is).
 * - Class-based distinctiveness: score = share of the theme's papers using the phrase × log of how
 *   much more often the theme uses it than the corpus. Single words count for less; phrases made only
 *   of generic words (used by a quarter of the papers of many themes: "language model") count for half
 *   and never lead a label.
 * - A phrase nearly always followed (or preceded) by the same word is a fragment of a longer name and
 *   is extended, up to 4 words ("relative policy" -> "group relative policy optimization").
 * - A label ends on a head noun: a word the abstracts usually put last in a phrase (not a modifier
 *   such as "multi-turn" or "spatial") and not a participle ("trained"); it does not start with a
 *   quantifier or comparative ("multiple", "higher").
 * - A label is a noun phrase, judged from how the abstracts use its words (themes/wordRoles.ts): it
 *   does not open on an adverb ("thereby") or a verb ("employ"), holds no verb, ends on no quantity
 *   noun ("wide range [of]"), and has no plural or third-person form before its last word ("X designs
 *   reward functions"). A fragment extended past its noun phrase keeps the noun phrase the run ends
 *   with ("hereafter LLM agents" -> "LLM agents").
 * - Phrases of the abstract genre are no labels: a phrase nearly every theme uses (4 in 5) and no
 *   theme uses much (under MIN_LEAD_SHARE of its papers) names no theme ("future research").
 * - One phrase is the label when it covers half the theme or more; otherwise a complementary phrase is
 *   added: "A and B head" when two phrases share their head ("GUI and web agents"), "X for Y" when
 *   the abstracts themselves say "X for Y", else "X and Y". A word and its acronym are never paired,
 *   and neither are two phrases the theme's papers do not use together (a third of the papers using
 *   the rarer one must use both): "X and Y" would name two unrelated halves of the theme.
 * - Papers are read from the word streams of vectors.ts when given (themes/phraseDocs.ts); the text
 *   is tokenized again only for the papers whose written forms are needed.
 * - Surface forms: the phrase as most often written mid-sentence (singular or plural), in lower case
 *   when the abstracts write it so a fifth of the time or more, else with its capitals ("Milky Way",
 *   "offline RL"); spelled-out acronyms ("Group Relative Policy Optimization (GRPO)") do not count.
 *   Sentence case overall.
 * - Labels are distinct and do not reuse a phrase: a theme whose best phrase is taken uses its next one.
 */

import { decodePhrase, MAX_COUNTED_WORDS, phraseCode, WordStreams } from './phraseDocs';
import {
  ACRONYM,
  Candidate,
  extendFragment,
  fallbackLabel,
  joinPhrases,
  MAX_LABEL_WORDS,
  phraseScore,
  sameConcept,
  sentenceCase,
} from './labelParts';
import { LabelCorpus, MIN_LEAD_SHARE } from './labelCorpus';
import { isCommonplaceInSample, labelKey, labelParts } from './labelLift';

/** Nouns naming a process or property ("generation", "editing", "alignment"). */
const NOMINAL = /(?:ion|ing|ment|ance|ence|sis|ure|ity)$/;

/** A label text and the phrases it names. */
type Option = { text: string; parts: Candidate[]; words: string[] };

/**
 * One label per cluster. `texts` are all abstracts; `clusters` lists indices into texts, most
 * typical paper first. Labels are distinct, 2–5 words when the text allows, in sentence case.
 * `parentLabel`: the label of the theme these clusters divide; no label reuses a phrase of it.
 */
export function labelThemes(
  texts: readonly string[],
  clusters: readonly (readonly number[])[],
  streams?: WordStreams,
  parentLabel?: string,
): string[] {
  const corpus = new LabelCorpus(texts, clusters, streams);
  const labels = new Array<string>(clusters.length).fill('');
  const used: UsedLabels = {
    labels: new Set<string>(parentLabel ? [labelKey(parentLabel)] : []),
    phrases: new Set<string>(),
    inTheme: new Int32Array(corpus.table.codes.length),
    parent: parentLabel ? labelParts(parentLabel) : undefined,
  };
  // Larger themes choose first: they have the strongest claim on a phrase.
  const order = clusters.map((_, c) => c).sort((a, b) => clusters[b].length - clusters[a].length || a - b);
  for (const c of order) labels[c] = new ThemeLabeler(corpus, corpus.read[c], used).label();
  return labels;
}

/** What the themes labelled so far took, and a scratch count per phrase (all zeros between themes). */
interface UsedLabels {
  /** The labels taken, as labelKey makes them. */
  labels: Set<string>;
  phrases: Set<string>;
  inTheme: Int32Array;
  /** The phrases of the parent theme's label as normalized content words, padded with spaces (labelLift.ts). */
  parent?: string[];
}

/** The steps of labelling one theme: its candidate phrases, the parts a label is built of, the options, the pick. */
class ThemeLabeler {
  private readonly A: number;
  private readonly single: boolean;
  private readonly candidates: Candidate[];
  private readonly parts: Candidate[];

  constructor(
    private readonly corpus: LabelCorpus,
    private readonly members: number[],
    private readonly used: UsedLabels,
  ) {
    this.A = members.length;
    this.single = corpus.N === this.A;
    this.candidates = this.rankCandidates();
    this.parts = this.buildParts();
  }

  private score(p: Candidate): number {
    const { corpus } = this;
    // A phrase made only of words most papers use ("policy optimization", "language model") names no topic.
    const generic = p.ids.every((id) => corpus.genericWord(id));
    p.generic = generic;
    return phraseScore(p.ids.length, p.inTheme, this.inAll(p), this.A, corpus.N, this.single) * (generic ? 0.5 : 1);
  }

  /** Papers of the whole corpus using the phrase (counted once: the score and the commonplace rule both ask). */
  private inAll(p: Candidate): number {
    const { corpus } = this;
    p.inAll ??=
      p.ids.length <= MAX_COUNTED_WORDS
        ? (corpus.dfAll[corpus.table.get(phraseCode(p.ids))] ?? 0)
        : corpus.countIn(null, p.ids);
    return p.inAll;
  }

  /** A phrase common to the corpus or hardly more common in the theme says nothing about the theme (labelLift.ts). */
  private commonplace(p: Candidate): boolean {
    return !this.single && isCommonplaceInSample(p.inTheme, this.A, this.inAll(p), this.corpus.N);
  }

  /** The phrases of the theme's papers with a positive score, best first. */
  private rankCandidates(): Candidate[] {
    const { corpus, A } = this;
    const inTheme = this.used.inTheme;
    const touched: number[] = [];
    for (const i of this.members) {
      const phrases = corpus.docs.get(i)!.phrases;
      for (let a = 0; a < phrases.length; a++) {
        const pid = phrases[a];
        if (inTheme[pid] === 0) touched.push(pid);
        inTheme[pid]++;
      }
    }
    const candidates: Candidate[] = [];
    for (const pid of touched) {
      const count = inTheme[pid];
      inTheme[pid] = 0;
      if (A >= 4 && count < 2) continue;
      const p = corpus.candidate(decodePhrase(corpus.table.codes[pid]), count);
      p.score = this.score(p);
      if (p.score > 0) candidates.push(p);
    }
    candidates.sort((x, y) => y.score - x.score || (x.key < y.key ? -1 : 1));
    return candidates;
  }

  /** The label's building blocks: the best usable phrases, fragments extended. */
  private buildParts(): Candidate[] {
    const { corpus, members } = this;
    const parts: Candidate[] = [];
    const seen = new Set<string>();
    for (const cand of this.candidates.slice(0, 60)) {
      if (parts.length >= 14) break;
      let ids = extendFragment(cand.ids, members, corpus.docs);
      if (!ids) continue;
      // Extended past its noun phrase ("hereafter LLM agents", "models disregard correct solutions"):
      // the noun phrase the run ends with.
      if (ids.length !== cand.ids.length) ids = ids.slice(corpus.nounPhraseStartOf(ids));
      if (ids.length === 0) continue;
      let p = cand;
      if (ids.length !== cand.ids.length || ids.some((id, j) => id !== cand.ids[j])) {
        p = corpus.candidate(ids);
        p.inTheme = corpus.countIn(members, ids);
        p.score = Math.max(cand.score, this.score(p)); // an extension keeps its rank
      }
      if (seen.has(p.key) || this.used.phrases.has(p.key) || this.inParentLabel(p)) continue;
      seen.add(p.key);
      if (p.inTheme > 0 && corpus.usable(p) && !this.commonplace(p)) parts.push(p);
    }
    parts.sort((x, y) => y.score - x.score || (x.key < y.key ? -1 : 1));
    return parts;
  }

  /**
   * True when the phrase is part of the parent theme's label or holds one of its phrases ("medical image
   * segmentation" under "Medical image"): a subtheme's label says what sets it apart from its siblings.
   */
  private inParentLabel(p: Candidate): boolean {
    const parent = this.used.parent;
    if (parent === undefined) return false;
    const phrase = ` ${p.words.join(' ')} `;
    return parent.some((part) => part.includes(phrase) || phrase.includes(part));
  }

  /** Share of the theme's papers using one of the phrases. */
  private coverage(ps: Candidate[]): number {
    return this.members.filter((i) => ps.some((p) => this.corpus.contains(i, p.ids))).length / this.A;
  }

  /**
   * Two phrases belong in one label only when they are about one thing: the theme's papers use them
   * together (a third of the papers using the rarer one use both). Otherwise "X and Y" names two
   * unrelated halves ("Credit assignment and reward hacking"), and one phrase says more.
   */
  private related(p: Candidate, q: Candidate): boolean {
    let both = 0;
    let inP = 0;
    let inQ = 0;
    for (const i of this.members) {
      const a = this.corpus.contains(i, p.ids);
      const b = this.corpus.contains(i, q.ids);
      if (a) inP++;
      if (b) inQ++;
      if (a && b) both++;
    }
    return both > 0 && both >= Math.min(inP, inQ) / 3;
  }

  private pairOf(p: Candidate, q: Candidate): Option | null {
    if (p.ids.length !== 2 || q.ids.length !== 2) return null;
    const [sp, sq] = [this.corpus.surface(p), this.corpus.surface(q)];
    const words = [...new Set([...p.words, ...q.words])];
    // Shared head word: "GUI agents" + "web agents" -> "GUI and web agents".
    // The head as the longer written form when they differ: two kinds of a thing are plural ("models").
    if (p.ids[1] === q.ids[1] && p.ids[0] !== q.ids[0]) {
      const [hp, hq] = [sp.split(' ')[1], sq.split(' ')[1]];
      const head = hp.length > hq.length && hp.startsWith(hq) ? hp : hq;
      return { text: `${sp.split(' ')[0]} and ${sq.split(' ')[0]} ${head}`, parts: [p, q], words };
    }
    // Shared modifier, two processes: "image editing" + "image generation" -> "Image editing and generation".
    if (p.ids[0] === q.ids[0] && NOMINAL.test(p.words[1]) && NOMINAL.test(q.words[1])) {
      return { text: `${sp} and ${sq.split(' ')[1]}`, parts: [p, q], words };
    }
    return null;
  }

  /** The label the lead phrase makes on its own or as a pair; undefined when a single word cannot stand alone. */
  private baseOption(lead: Candidate): Option | undefined {
    const { corpus, parts } = this;
    let main: Option | null = null;
    if (lead.ids.length === 1) {
      // A single word becomes the phrases built on it ("agents" -> "GUI and LLM agents").
      const built = parts.filter(
        (p) => p.ids.length === 2 && p.ids.includes(lead.ids[0]) && p.score >= 0.3 * lead.score,
      );
      const pair = built.length >= 2 && built[1].score >= 0.3 * built[0].score ? this.pairOf(built[0], built[1]) : null;
      if (pair) main = pair;
      else if (built.length > 0) main = { text: corpus.surface(built[0]), parts: [built[0]], words: built[0].words };
      else if (!corpus.distinctiveWord(lead, this.A)) return undefined;
    } else {
      main = { text: corpus.surface(lead), parts: [lead], words: lead.words };
      const other = parts.find((q) => q !== lead && q.score >= 0.5 * lead.score && this.pairOf(lead, q));
      const pair = other ? this.pairOf(lead, other) : null;
      if (pair && this.coverage(pair.parts) >= this.coverage(main.parts) + 0.1) main = pair;
    }
    return main ?? { text: corpus.surface(lead), parts: [lead], words: lead.words };
  }

  /** The best complementary phrase for a label that one phrase does not make. */
  private partnerOf(base: Option, lead: Candidate, cov: number, baseWords: number): Candidate | undefined {
    const { corpus } = this;
    return this.parts.find(
      (q) =>
        !base.parts.includes(q) &&
        !q.words.some((w) => base.words.includes(w)) &&
        q.score >= (q.ids.length === 1 ? 0.8 : 0.3) * lead.score &&
        (q.ids.length > 1 || lead.ids.length === 1 || ACRONYM.test(corpus.surface(q))) &&
        corpus.distinctiveWord(q, this.A) &&
        baseWords + q.ids.length + 1 <= MAX_LABEL_WORDS &&
        !sameConcept(base.text, corpus.surface(q)) &&
        this.coverage([...base.parts, q]) >= cov + 0.1 &&
        base.parts.some((b) => this.related(b, q)),
    );
  }

  /** Label options led by one phrase, best first. */
  private optionsFor(lead: Candidate): Option[] {
    const { corpus, members } = this;
    const base = this.baseOption(lead);
    if (!base) return [];
    const options: Option[] = [];
    const cov = this.coverage(base.parts);
    const baseWords = base.text.split(' ').length;
    if (cov < 0.5 || baseWords < 2) {
      // One phrase is not enough: add the best complementary phrase.
      const partner = this.partnerOf(base, lead, cov, baseWords);
      if (partner) {
        const surface = (p: Candidate) => corpus.surface(p);
        const normsOf = (i: number) => corpus.normsOf(i);
        const contains = (i: number, ids: readonly number[]) => corpus.contains(i, ids);
        const text =
          base.parts.length > 1
            ? `${base.text} and ${corpus.surface(partner)}`
            : partner.score > lead.score
              ? joinPhrases(partner, base.parts[0], surface, members, normsOf, contains)
              : joinPhrases(base.parts[0], partner, surface, members, normsOf, contains);
        options.push({ text, parts: [...base.parts, partner], words: [] });
      }
    }
    if (baseWords >= 2) options.push(base);
    return options
      .map((o) => ({ ...o, text: sentenceCase(o.text) }))
      .filter((o) => o.text.split(' ').length <= MAX_LABEL_WORDS && !this.used.labels.has(labelKey(o.text)));
  }

  /** The theme's label, recorded as used with the phrases it names. */
  label(): string {
    const { corpus, parts, candidates } = this;
    // A label names phrases a fair share of the theme uses; a rare, sharp phrase ("final answer")
    // names a few papers, not the theme. Rarer ones only when no common one gives a label.
    let pick: Option | undefined;
    for (const minShare of [MIN_LEAD_SHARE, 0]) {
      for (const lead of parts) {
        if (lead.generic) continue;
        pick = this.optionsFor(lead).find((o) => this.coverage(o.parts) >= minShare);
        if (pick) break;
      }
      if (pick) break;
    }
    const phrases = candidates.slice(0, 12).filter((p) => !corpus.genre(p) && corpus.nounPhrase(p));
    const top = parts.length > 0 ? parts : phrases.length > 0 ? phrases : candidates;
    const chosen = pick ? pick.text : fallbackLabel(top, (p) => corpus.surface(p), this.used.labels);
    if (pick) for (const p of pick.parts) this.used.phrases.add(p.key);
    this.used.labels.add(labelKey(chosen));
    return chosen;
  }
}
