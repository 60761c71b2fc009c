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

import { decodePhrase, DocPhrases, MAX_COUNTED_WORDS, occurrences, phraseCode, PhraseReader, sortedHas, WORDS, WordStreams } from './phraseDocs';
import { countUses, emptyUse, isNounPhrase, nounPhraseStart, WordUse } from './wordRoles';
import { ACRONYM, Candidate, extendFragment, fallbackLabel, joinPhrases, MAX_LABEL_WORDS, mostFrequent, phraseScore, sameConcept, sentenceCase } from './labelParts';

/** Share of a theme's papers that must use one of the label's phrases (when any phrase reaches it). */
const MIN_LEAD_SHARE = 0.2;
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
  'multiple numerous diverse certain additional overall whole entire higher lower greater smaller faster slower weaker worse fewer longer shorter earlier later newer older wider deeper stronger broader common typical standard'.split(' '),
);
/** Nouns naming a process or property ("generation", "editing", "alignment"). */
const NOMINAL = /(?:ion|ing|ment|ance|ence|sis|ure|ity)$/;

/**
 * One label per cluster. `texts` are all abstracts; `clusters` lists indices into texts, most
 * typical paper first. Labels are distinct, 2–5 words when the text allows, in sentence case.
 */
export function labelThemes(texts: readonly string[], clusters: readonly (readonly number[])[], streams?: WordStreams): string[] {
  const read = clusters.map((members) => members.slice(0, PAPERS_PER_THEME));
  const reader = new PhraseReader(texts, streams);
  const { norms, table } = reader;
  const docs = new Map<number, DocPhrases>();
  for (const members of read) for (const i of members) if (!docs.has(i)) docs.set(i, reader.read(i));
  const N = docs.size;

  // Document frequencies of phrases; how often each word ends a phrase.
  const dfAll = new Int32Array(table.codes.length);
  const headEnd = new Uint32Array(norms.length);
  const headAll = new Uint32Array(norms.length);
  // Indexed loops over the phrase ids (typed arrays): this runs once per analysis, mostly unoptimized,
  // where for-of would allocate an iterator result per element.
  for (const doc of docs.values()) {
    for (let a = 0; a < doc.phrases.length; a++) dfAll[doc.phrases[a]]++;
    for (let k = 0; k < doc.ids.length; k++) {
      headAll[doc.ids[k]]++;
      if (k + 1 === doc.ids.length || doc.seg[k + 1] !== doc.seg[k]) headEnd[doc.ids[k]]++;
    }
  }
  const dfOfWord = (id: number) => dfAll[table.get(id)] ?? 0;
  // Papers holding each word, for the scans below.
  const withWord: number[][] = Array.from({ length: norms.length }, () => []);
  for (const [i, doc] of docs)
    for (let a = 0; a < doc.phrases.length; a++) {
      const code = table.codes[doc.phrases[a]];
      if (code < WORDS) withWord[code].push(i);
    }
  const candidate = (ids: number[], inTheme = 0): Candidate => {
    const words = ids.map((id) => norms[id]);
    return { key: words.join(' '), ids, words, inTheme, score: 0 };
  };
  const contains = (i: number, ids: readonly number[]) => {
    const doc = docs.get(i)!;
    if (ids.length <= MAX_COUNTED_WORDS) {
      const pid = table.get(phraseCode(ids));
      return pid >= 0 && sortedHas(doc.phrases, pid);
    }
    let found = false;
    occurrences(doc, ids, () => (found = true));
    return found;
  };
  const normsOf = (i: number) => reader.detail(i, docs.get(i)!).norms;
  const countIn = (within: readonly number[] | null, ids: readonly number[]) => (within ?? withWord[ids[0]]).filter((i) => contains(i, ids)).length;

  // Written forms, computed for the few phrases that may be shown.
  const surfaces = new Map<string, string>();
  /**
   * The phrase as most often written mid-sentence (singular or plural, capitals kept: "Milky Way",
   * "offline RL"); a word starting a sentence counts in lower case, and an occurrence spelling out an
   * acronym ("Group Relative Policy Optimization (GRPO)") does not count.
   */
  const surface = (p: Candidate): string => {
    let s = surfaces.get(p.key);
    if (s !== undefined) return s;
    const forms = new Map<string, number>();
    const spelled = new Map<string, number>();
    let count = 0;
    for (const i of withWord[p.ids[0]]) {
      if (count >= MAX_FORMS) break;
      if (!contains(i, p.ids)) continue;
      const doc = docs.get(i)!;
      const { surfaces: written, initial } = reader.detail(i, doc);
      occurrences(doc, p.ids, (k) => {
        let expansion = false;
        const words: string[] = [];
        // A capital carried over from a longer capitalized name ("Deep Reinforcement Learning") is not the phrase's own.
        const inName = k > 0 && doc.seg[k - 1] === doc.seg[k] && /^\p{Lu}/u.test(written[k - 1]) && !ACRONYM.test(written[k - 1]);
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
    surfaces.set(p.key, s);
    return s;
  };
  /** Can end a label: a word the abstracts usually put last in a phrase (a head noun), not a participle. */
  const headOk = (id: number, min = 0.2) => headAll[id] > 0 && headEnd[id] / headAll[id] >= min && !/[^e]ed$/.test(norms[id]);
  const uses = new Map<number, WordUse>();
  /** How a word is used around its occurrences in a few of the papers read (themes/wordRoles.ts). */
  const useOf = (id: number): WordUse => {
    let use = uses.get(id);
    if (use) return use;
    use = emptyUse();
    // Papers spread over all the themes (withWord lists them theme by theme).
    const holders = withWord[id];
    const step = Math.max(1, Math.ceil(holders.length / MAX_ROLE_PAPERS));
    for (let n = 0; n < holders.length; n += step) countUses(reader.detail(holders[n], docs.get(holders[n])!), norms[id], use);
    uses.set(id, use);
    return use;
  };
  /** A noun phrase as written (themes/wordRoles.ts). */
  const nounPhrase = (p: Candidate): boolean => isNounPhrase(surface(p).split(' '), p.words, (j) => useOf(p.ids[j]));
  const nounPhraseStartOf = (ids: number[]): number => {
    const p = candidate(ids);
    return nounPhraseStart(surface(p).split(' '), p.words, (j) => useOf(ids[j]));
  };
  // A word is generic when a quarter or more of the papers of many themes use it ("model", "language").
  // Per phrase: how many themes use it, and the largest share of one theme's papers using it.
  const strongIn = new Uint16Array(norms.length);
  const themesWith = new Uint16Array(table.codes.length);
  const bestShare = new Float32Array(table.codes.length);
  const perTheme = new Uint32Array(table.codes.length);
  for (const members of read) {
    const used: number[] = [];
    for (const i of members) {
      const phrases = docs.get(i)!.phrases;
      for (let a = 0; a < phrases.length; a++) {
        if (perTheme[phrases[a]] === 0) used.push(phrases[a]);
        perTheme[phrases[a]]++;
      }
    }
    for (const pid of used) {
      const share = perTheme[pid] / members.length;
      const code = table.codes[pid];
      if (code < WORDS && share >= 0.25) strongIn[code]++;
      themesWith[pid]++;
      if (share > bestShare[pid]) bestShare[pid] = share;
      perTheme[pid] = 0;
    }
  }
  /**
   * A phrase of the abstract genre ("future research", "wide range", "computational overhead"): nearly
   * every theme uses it a little, none uses it much. A topic, even a broad one, is a fair share of some theme.
   */
  const genre = (p: Candidate) => {
    if (clusters.length < GENRE_MIN_THEMES || p.ids.length > MAX_COUNTED_WORDS) return false;
    const pid = table.get(phraseCode(p.ids));
    return pid >= 0 && themesWith[pid] >= 0.8 * clusters.length && bestShare[pid] < MIN_LEAD_SHARE;
  };
  /** A phrase that can be (part of) a label. */
  const usable = (p: Candidate) =>
    !GENERIC_MODIFIERS.has(p.words[0]) && (p.ids.length >= 2 ? headOk(p.ids[p.ids.length - 1]) : headOk(p.ids[0], 0.4)) && !genre(p) && nounPhrase(p);
  const genericWord = (id: number) => clusters.length >= 3 && strongIn[id] >= Math.max(2, 0.4 * clusters.length);
  /** A single word can stand in a label only when the theme uses it far more than the corpus does. */
  const distinctiveWord = (p: Candidate, A: number) => p.ids.length > 1 || p.inTheme / A >= 3 * (dfOfWord(p.ids[0]) / N);

  const labels = new Array<string>(clusters.length).fill('');
  const usedLabels = new Set<string>();
  const usedPhrases = new Set<string>();
  const inTheme = new Int32Array(table.codes.length);
  const order = clusters.map((_, c) => c).sort((a, b) => clusters[b].length - clusters[a].length || a - b);
  for (const c of order) {
    const members = read[c];
    const A = members.length;
    const single = N === A;
    const score = (p: Candidate) => {
      // A phrase made only of words most papers use ("policy optimization", "language model") names no topic.
      const generic = p.ids.every(genericWord);
      const inAll = p.ids.length <= MAX_COUNTED_WORDS ? (dfAll[table.get(phraseCode(p.ids))] ?? 0) : countIn(null, p.ids);
      p.generic = generic;
      return phraseScore(p.ids.length, p.inTheme, inAll, A, N, single) * (generic ? 0.5 : 1);
    };
    const touched: number[] = [];
    for (const i of members) {
      const phrases = docs.get(i)!.phrases;
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
      const p = candidate(decodePhrase(table.codes[pid]), count);
      p.score = score(p);
      if (p.score > 0) candidates.push(p);
    }
    candidates.sort((x, y) => y.score - x.score || (x.key < y.key ? -1 : 1));

    // The label's building blocks: the best usable phrases, fragments extended.
    const parts: Candidate[] = [];
    const seen = new Set<string>();
    for (const cand of candidates.slice(0, 60)) {
      if (parts.length >= 14) break;
      let ids = extendFragment(cand.ids, members, docs);
      if (!ids) continue;
      // Extended past its noun phrase ("hereafter LLM agents", "models disregard correct solutions"): the noun phrase the run ends with.
      if (ids.length !== cand.ids.length) ids = ids.slice(nounPhraseStartOf(ids));
      if (ids.length === 0) continue;
      let p = cand;
      if (ids.length !== cand.ids.length || ids.some((id, j) => id !== cand.ids[j])) {
        p = candidate(ids);
        p.inTheme = countIn(members, ids);
        p.score = Math.max(cand.score, score(p)); // an extension keeps its rank
      }
      if (seen.has(p.key) || usedPhrases.has(p.key)) continue;
      seen.add(p.key);
      if (p.inTheme > 0 && usable(p)) parts.push(p);
    }
    parts.sort((x, y) => y.score - x.score || (x.key < y.key ? -1 : 1));

    const coverage = (ps: Candidate[]) => members.filter((i) => ps.some((p) => contains(i, p.ids))).length / A;
    /**
     * Two phrases belong in one label only when they are about one thing: the theme's papers use them
     * together (a third of the papers using the rarer one use both). Otherwise "X and Y" names two
     * unrelated halves ("Credit assignment and reward hacking"), and one phrase says more.
     */
    const related = (p: Candidate, q: Candidate) => {
      let both = 0;
      let inP = 0;
      let inQ = 0;
      for (const i of members) {
        const a = contains(i, p.ids);
        const b = contains(i, q.ids);
        if (a) inP++;
        if (b) inQ++;
        if (a && b) both++;
      }
      return both > 0 && both >= Math.min(inP, inQ) / 3;
    };
    type Option = { text: string; parts: Candidate[]; words: string[] };
    const pairOf = (p: Candidate, q: Candidate): Option | null => {
      if (p.ids.length !== 2 || q.ids.length !== 2) return null;
      const [sp, sq] = [surface(p), surface(q)];
      const words = [...new Set([...p.words, ...q.words])];
      // Shared head word: "GUI agents" + "web agents" -> "GUI and web agents".
      // The head as the longer written form when they differ: two kinds of a thing are plural ("models").
      if (p.ids[1] === q.ids[1] && p.ids[0] !== q.ids[0]) {
        const [hp, hq] = [sp.split(' ')[1], sq.split(' ')[1]];
        const head = hp.length > hq.length && hp.startsWith(hq) ? hp : hq;
        return { text: `${sp.split(' ')[0]} and ${sq.split(' ')[0]} ${head}`, parts: [p, q], words };
      }
      // Shared modifier, two processes: "image editing" + "image generation" -> "Image editing and generation".
      if (p.ids[0] === q.ids[0] && NOMINAL.test(p.words[1]) && NOMINAL.test(q.words[1])) return { text: `${sp} and ${sq.split(' ')[1]}`, parts: [p, q], words };
      return null;
    };
    /** Label options led by one phrase, best first. */
    const optionsFor = (lead: Candidate): Option[] => {
      const options: Option[] = [];
      let main: Option | null = null;
      if (lead.ids.length === 1) {
        // A single word becomes the phrases built on it ("agents" -> "GUI and LLM agents").
        const built = parts.filter((p) => p.ids.length === 2 && p.ids.includes(lead.ids[0]) && p.score >= 0.3 * lead.score);
        const pair = built.length >= 2 && built[1].score >= 0.3 * built[0].score ? pairOf(built[0], built[1]) : null;
        if (pair) main = pair;
        else if (built.length > 0) main = { text: surface(built[0]), parts: [built[0]], words: built[0].words };
        else if (!distinctiveWord(lead, A)) return [];
      } else {
        main = { text: surface(lead), parts: [lead], words: lead.words };
        const other = parts.find((q) => q !== lead && q.score >= 0.5 * lead.score && pairOf(lead, q));
        const pair = other ? pairOf(lead, other) : null;
        if (pair && coverage(pair.parts) >= coverage(main.parts) + 0.1) main = pair;
      }
      const base = main ?? { text: surface(lead), parts: [lead], words: lead.words };
      const cov = coverage(base.parts);
      const baseWords = base.text.split(' ').length;
      if (cov < 0.5 || baseWords < 2) {
        // One phrase is not enough: add the best complementary phrase.
        const partner = parts.find(
          (q) =>
            !base.parts.includes(q) &&
            !q.words.some((w) => base.words.includes(w)) &&
            q.score >= (q.ids.length === 1 ? 0.8 : 0.3) * lead.score &&
            (q.ids.length > 1 || lead.ids.length === 1 || ACRONYM.test(surface(q))) &&
            distinctiveWord(q, A) &&
            baseWords + q.ids.length + 1 <= MAX_LABEL_WORDS &&
            !sameConcept(base.text, surface(q)) &&
            coverage([...base.parts, q]) >= cov + 0.1 &&
            base.parts.some((b) => related(b, q)),
        );
        if (partner) {
          const text =
            base.parts.length > 1
              ? `${base.text} and ${surface(partner)}`
              : partner.score > lead.score
                ? joinPhrases(partner, base.parts[0], surface, members, normsOf, contains)
                : joinPhrases(base.parts[0], partner, surface, members, normsOf, contains);
          options.push({ text, parts: [...base.parts, partner], words: [] });
        }
      }
      if (baseWords >= 2) options.push(base);
      return options
        .map((o) => ({ ...o, text: sentenceCase(o.text) }))
        .filter((o) => o.text.split(' ').length <= MAX_LABEL_WORDS && !usedLabels.has(o.text.toLowerCase()));
    };
    // A label names phrases a fair share of the theme uses; a rare, sharp phrase ("final answer")
    // names a few papers, not the theme. Rarer ones only when no common one gives a label.
    let pick: Option | undefined;
    for (const minShare of [MIN_LEAD_SHARE, 0]) {
      for (const lead of parts) {
        if (lead.generic) continue;
        pick = optionsFor(lead).find((o) => coverage(o.parts) >= minShare);
        if (pick) break;
      }
      if (pick) break;
    }
    const phrases = candidates.slice(0, 12).filter((p) => !genre(p) && nounPhrase(p));
    const chosen = pick ? pick.text : fallbackLabel(parts.length > 0 ? parts : phrases.length > 0 ? phrases : candidates, surface, usedLabels);
    if (pick) for (const p of pick.parts) usedPhrases.add(p.key);
    usedLabels.add(chosen.toLowerCase());
    labels[c] = chosen;
  }
  return labels;
}
