/**
 * What labelling every theme needs to know about the papers read for the labels (labels.ts): which
 * phrases each paper holds, how many papers and themes use each phrase, how each word is used, and how a
 * phrase is written. Written forms and word uses are worked out only for the phrases a label may show.
 */

import {
  DocPhrases,
  MAX_COUNTED_WORDS,
  occurrences,
  phraseCode,
  PhraseReader,
  sortedHas,
  WORDS,
  WordStreams,
} from './phraseDocs';
import { countUses, emptyUse, isNounPhrase, nounPhraseStart, WordUse } from './wordRoles';
import { ACRONYM, Candidate, mostFrequent } from './labelParts';
import { arxivFieldModel, isGenrePhrase } from '../fields';

/** Share of a theme's papers that must use one of the label's phrases (when any phrase reaches it). */
export const MIN_LEAD_SHARE = 0.2;
/** Above this many papers in a theme, only its most typical papers are read for its label. */
const PAPERS_PER_THEME = 150;
/** Written forms looked at to choose how a phrase is spelled (reading them means tokenizing the paper again). */
const MAX_FORMS = 40;
/** Themes needed to tell a phrase of the abstract genre from a topic by how many themes use it. */
const GENRE_MIN_THEMES = 5;
/** Papers read to tell how a word is used (themes/wordRoles.ts). */
const MAX_ROLE_PAPERS = 40;

/** Quantifiers and comparatives that do not name a topic ("multiple trajectories", "higher wages"). */
const GENERIC_MODIFIERS: ReadonlySet<string> = new Set(
  (
    'multiple numerous diverse certain additional overall whole entire higher lower greater smaller faster slower ' +
    'weaker worse fewer longer shorter earlier later newer older wider deeper stronger broader common typical standard'
  ).split(' '),
);

/** The papers read for the theme labels and the phrase statistics shared by all themes. */
export class LabelCorpus {
  /** Per theme, the papers read for its label (its most typical ones). */
  readonly read: number[][];
  readonly reader: PhraseReader;
  readonly norms: string[];
  readonly table: PhraseReader['table'];
  readonly docs = new Map<number, DocPhrases>();
  /** Papers read. */
  readonly N: number;
  /** Papers using each phrase. */
  readonly dfAll: Int32Array;
  /** Per word: how often it ends a phrase, how often it occurs. */
  private readonly headEnd: Uint32Array;
  private readonly headAll: Uint32Array;
  /** Papers holding each word, theme by theme. */
  readonly withWord: number[][];
  /** Per word: how many themes have a quarter or more of their papers using it. */
  private readonly strongIn: Uint16Array;
  /** Per phrase: how many themes use it, and the largest share of one theme's papers using it. */
  private readonly themesWith: Uint16Array;
  private readonly bestShare: Float32Array;
  private readonly surfaces = new Map<string, string>();
  private readonly uses = new Map<number, WordUse>();

  constructor(
    texts: readonly string[],
    readonly clusters: readonly (readonly number[])[],
    streams?: WordStreams,
  ) {
    this.read = clusters.map((members) => members.slice(0, PAPERS_PER_THEME));
    this.reader = new PhraseReader(texts, streams);
    this.norms = this.reader.norms;
    this.table = this.reader.table;
    for (const members of this.read)
      for (const i of members) if (!this.docs.has(i)) this.docs.set(i, this.reader.read(i));
    this.N = this.docs.size;
    this.dfAll = new Int32Array(this.table.codes.length);
    this.headEnd = new Uint32Array(this.norms.length);
    this.headAll = new Uint32Array(this.norms.length);
    this.countPhrases();
    this.withWord = this.papersWithWords();
    this.strongIn = new Uint16Array(this.norms.length);
    this.themesWith = new Uint16Array(this.table.codes.length);
    this.bestShare = new Float32Array(this.table.codes.length);
    this.countThemeShares();
  }

  /** Document frequencies of phrases; how often each word ends a phrase. */
  private countPhrases(): void {
    const { dfAll, headEnd, headAll } = this;
    // Indexed loops over the phrase ids (typed arrays): this runs once per analysis, mostly unoptimized,
    // where for-of would allocate an iterator result per element.
    for (const doc of this.docs.values()) {
      for (let a = 0; a < doc.phrases.length; a++) dfAll[doc.phrases[a]]++;
      for (let k = 0; k < doc.ids.length; k++) {
        headAll[doc.ids[k]]++;
        if (k + 1 === doc.ids.length || doc.seg[k + 1] !== doc.seg[k]) headEnd[doc.ids[k]]++;
      }
    }
  }

  /** Papers holding each word, for the scans of phrases starting with it. */
  private papersWithWords(): number[][] {
    const withWord: number[][] = Array.from({ length: this.norms.length }, () => []);
    for (const [i, doc] of this.docs)
      for (let a = 0; a < doc.phrases.length; a++) {
        const code = this.table.codes[doc.phrases[a]];
        if (code < WORDS) withWord[code].push(i);
      }
    return withWord;
  }

  /**
   * A word is generic when a quarter or more of the papers of many themes use it ("model", "language").
   * Per phrase: how many themes use it, and the largest share of one theme's papers using it.
   */
  private countThemeShares(): void {
    const { strongIn, themesWith, bestShare } = this;
    const perTheme = new Uint32Array(this.table.codes.length);
    for (const members of this.read) {
      const used: number[] = [];
      for (const i of members) {
        const phrases = this.docs.get(i)!.phrases;
        for (let a = 0; a < phrases.length; a++) {
          if (perTheme[phrases[a]] === 0) used.push(phrases[a]);
          perTheme[phrases[a]]++;
        }
      }
      for (const pid of used) {
        const share = perTheme[pid] / members.length;
        const code = this.table.codes[pid];
        if (code < WORDS && share >= 0.25) strongIn[code]++;
        themesWith[pid]++;
        if (share > bestShare[pid]) bestShare[pid] = share;
        perTheme[pid] = 0;
      }
    }
  }

  dfOfWord(id: number): number {
    return this.dfAll[this.table.get(id)] ?? 0;
  }

  candidate(ids: number[], inTheme = 0): Candidate {
    const words = ids.map((id) => this.norms[id]);
    return { key: words.join(' '), ids, words, inTheme, score: 0 };
  }

  /** Whether paper i holds the phrase. */
  contains(i: number, ids: readonly number[]): boolean {
    const doc = this.docs.get(i)!;
    if (ids.length <= MAX_COUNTED_WORDS) {
      const pid = this.table.get(phraseCode(ids));
      return pid >= 0 && sortedHas(doc.phrases, pid);
    }
    let found = false;
    occurrences(doc, ids, () => (found = true));
    return found;
  }

  normsOf(i: number): string[] {
    return this.reader.detail(i, this.docs.get(i)!).norms;
  }

  /** Papers holding the phrase, among `within` (all papers with its first word when null). */
  countIn(within: readonly number[] | null, ids: readonly number[]): number {
    return (within ?? this.withWord[ids[0]]).filter((i) => this.contains(i, ids)).length;
  }

  /**
   * The phrase as most often written mid-sentence (singular or plural, capitals kept: "Milky Way",
   * "offline RL"); a word starting a sentence counts in lower case, and an occurrence spelling out an
   * acronym ("Group Relative Policy Optimization (GRPO)") does not count.
   */
  surface(p: Candidate): string {
    let s = this.surfaces.get(p.key);
    if (s !== undefined) return s;
    const { forms, spelled } = this.writtenForms(p);
    const counted = forms.size > 0 ? forms : spelled;
    // Lower case when the abstracts write the phrase so a fifth of the time or more.
    const lowerOf = (f: string) =>
      f
        .split(' ')
        .map((w) => (ACRONYM.test(w) ? w : w.toLowerCase()))
        .join(' ');
    const lower = new Map<string, number>();
    let total = 0;
    for (const [f, n] of counted) {
      total += n;
      if (f === lowerOf(f)) lower.set(f, n);
    }
    const lowerCount = [...lower.values()].reduce((a, b) => a + b, 0);
    s = counted.size === 0 ? p.key : lowerCount >= 0.2 * total ? mostFrequent(lower) : mostFrequent(counted);
    this.surfaces.set(p.key, s);
    return s;
  }

  /** How the first papers holding the phrase write it: as such, and where it spells out an acronym. */
  private writtenForms(p: Candidate): { forms: Map<string, number>; spelled: Map<string, number> } {
    const forms = new Map<string, number>();
    const spelled = new Map<string, number>();
    let count = 0;
    for (const i of this.withWord[p.ids[0]]) {
      if (count >= MAX_FORMS) break;
      if (!this.contains(i, p.ids)) continue;
      const doc = this.docs.get(i)!;
      const { surfaces: written, initial } = this.reader.detail(i, doc);
      occurrences(doc, p.ids, (k) => {
        let expansion = false;
        const words: string[] = [];
        // A capital carried over from a longer capitalized name ("Deep Reinforcement Learning") is not the
        // phrase's own.
        const inName =
          k > 0 && doc.seg[k - 1] === doc.seg[k] && /^\p{Lu}/u.test(written[k - 1]) && !ACRONYM.test(written[k - 1]);
        for (let j = 0; j < p.ids.length; j++) {
          const w = written[k + j];
          if (initial[k + j] === 2) expansion = true;
          words.push((initial[k + j] !== 0 || (j === 0 && inName)) && !ACRONYM.test(w) ? w.toLowerCase() : w);
        }
        const form = words.join(' ');
        const into = expansion ? spelled : forms;
        into.set(form, (into.get(form) ?? 0) + 1);
        count++;
      });
    }
    return { forms, spelled };
  }

  /** Can end a label: a word the abstracts usually put last in a phrase (a head noun), not a participle. */
  private headOk(id: number, min = 0.2): boolean {
    return this.headAll[id] > 0 && this.headEnd[id] / this.headAll[id] >= min && !/[^e]ed$/.test(this.norms[id]);
  }

  /** How a word is used around its occurrences in a few of the papers read (themes/wordRoles.ts). */
  private useOf(id: number): WordUse {
    let use = this.uses.get(id);
    if (use) return use;
    use = emptyUse();
    // Papers spread over all the themes (withWord lists them theme by theme).
    const holders = this.withWord[id];
    const step = Math.max(1, Math.ceil(holders.length / MAX_ROLE_PAPERS));
    for (let n = 0; n < holders.length; n += step) {
      countUses(this.reader.detail(holders[n], this.docs.get(holders[n])!), this.norms[id], use);
    }
    this.uses.set(id, use);
    return use;
  }

  /** A noun phrase as written (themes/wordRoles.ts). */
  nounPhrase(p: Candidate): boolean {
    return isNounPhrase(this.surface(p).split(' '), p.words, (j) => this.useOf(p.ids[j]));
  }

  nounPhraseStartOf(ids: number[]): number {
    const p = this.candidate(ids);
    return nounPhraseStart(this.surface(p).split(' '), p.words, (j) => this.useOf(ids[j]));
  }

  /**
   * A phrase of the abstract genre ("future research", "wide range", "computational overhead"): nearly
   * every theme uses it a little, none uses it much. A topic, even a broad one, is a fair share of some theme.
   */
  genre(p: Candidate): boolean {
    if (this.clusters.length < GENRE_MIN_THEMES || p.ids.length > MAX_COUNTED_WORDS) return false;
    const pid = this.table.get(phraseCode(p.ids));
    return pid >= 0 && this.themesWith[pid] >= 0.8 * this.clusters.length && this.bestShare[pid] < MIN_LEAD_SHARE;
  }

  /** A phrase that can be (part of) a label. */
  usable(p: Candidate): boolean {
    return (
      !GENERIC_MODIFIERS.has(p.words[0]) &&
      (p.ids.length >= 2 ? this.headOk(p.ids[p.ids.length - 1]) : this.headOk(p.ids[0], 0.4)) &&
      !this.genre(p) &&
      !isGenrePhrase(arxivFieldModel(), p.words) &&
      this.nounPhrase(p)
    );
  }

  genericWord(id: number): boolean {
    return this.clusters.length >= 3 && this.strongIn[id] >= Math.max(2, 0.4 * this.clusters.length);
  }

  /** A single word can stand in a label only when the theme uses it far more than the corpus does. */
  distinctiveWord(p: Candidate, A: number): boolean {
    return p.ids.length > 1 || p.inTheme / A >= 3 * (this.dfOfWord(p.ids[0]) / this.N);
  }
}
