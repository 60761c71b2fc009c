/**
 * The words of a corpus as the keyword reader sees them: an integer id per word and what the corpus shows
 * about its use (after an article or a verb cue, ending a phrase, written like a name), from which the
 * Role of each word in a term follows. See keywords.ts for the rules.
 */

import { FORMULA_CHARACTER, isContentWord } from '../common';
import { WordTable } from './wordTable';

/** Function words the shared stopword list leaves out; keywords never contain them. */
export const MORE_FUNCTION_WORDS: ReadonlySet<string> = new Set(
  'beyond due whereby thereby hence versus amongst besides albeit unlike alongside regarding concerning throughout whilst instead namely still yes'.split(
    ' ',
  ),
);

/** Words after which a word is used as a noun or adjective ("the learning", "a unified ..."). */
export const ARTICLES: ReadonlySet<string> = new Set(
  'the a an this these those our their its each every such any no some'.split(' '),
);

/** Words after which a word is used as a verb ("can exhibit", "we introduce", "which allows"); "to" also precedes nouns and counts half. */
export const VERB_CUES: ReadonlySet<string> = new Set(
  'can could may might will would should must cannot we they it which who'.split(' '),
);

const PREPOSITIONS =
  'of for in on at as with from by via into onto across over under between among through without within than about against during after before toward towards per';

/** Words before which a noun phrase ends ("learning for", "RL and", "policy is"); "to" and "that" also follow verbs ("tends to", "show that"). */
const PHRASE_ENDERS = new Set(
  `${PREPOSITIONS} and or but is are was were be been can could may might will would should must has have had does do which where while whose who`.split(
    ' ',
  ),
);

export const PREPOSITION_SET: ReadonlySet<string> = new Set(PREPOSITIONS.split(' '));

const NUMBER = /^\d[\d.,%]*$/;
const STARTS_DIGIT = /^\d/;
/** A word starting with a digit is a quantity ("7B", "2.5times", "30B-parameter") unless a dimension or generation ("3D", "5G"). */
const DIMENSION = /^\d(?![kmbt])[a-z]$/;
export const URL = /\b(?:https?:\/\/|www\.)\S+/g;
const CAPITAL_OR_DIGIT = /[A-Z0-9]/;

const HAS_CAPITAL = /[A-Z]/;
const ORDINARY_CAPITALIZED = /^[A-Z][a-z]+(?:-[a-z]+)*$/;

/** "Offline" -> "offline", "Decision-making" -> "decision-making"; names and acronyms ("ReQueST", "Q-value", "PPO-style") stay. */
export const lowerFirst = (s: string): string => (ORDINARY_CAPITALIZED.test(s) ? s[0].toLowerCase() + s.slice(1) : s);

/** Written like a name: a capital in it, and in its last part when hyphenated ("MUA-RL", "GPT-4o"; not "LLM-simulated"). */
export function nameShaped(surface: string, norm: string): boolean {
  if (surface === norm || !HAS_CAPITAL.test(surface)) return false;
  const dash = surface.lastIndexOf('-');
  return dash < 0 || CAPITAL_OR_DIGIT.test(surface.slice(dash + 1));
}

/** What a word says about the word after it (or, for "of", before it). */
export const enum Cue {
  Article = 1,
  Verb = 2,
  PhraseEnd = 4,
  Number = 8,
  Preposition = 16,
  Of = 32,
  To = 64,
}

/** What the corpus shows a word can do in a term, computed once per word. */
export const enum Role {
  Name = 1,
  Start = 2,
  End = 4,
  Alone = 8,
}

/** Every word of the corpus with an integer id and what the corpus shows about its use. */
export class Lexicon {
  private readonly table = new WordTable();
  /** Each word by id. */
  readonly norms: readonly string[] = this.table.words;
  /** Keyword material: a content word, not a quantity, a function word or a piece of a formula. */
  readonly content: boolean[] = [];
  readonly cues: number[] = [];
  readonly count: number[] = [];
  /** Occurrences that end a noun phrase. */
  readonly final: number[] = [];
  readonly afterArticle: number[] = [];
  /** In halves: a modal or pronoun counts 2, "to" (which also precedes nouns) 1. */
  readonly afterVerbCue: number[] = [];
  readonly afterNumber: number[] = [];
  /** Occurrences followed by "of" ("number of", "set of"). */
  readonly beforeOf: number[] = [];
  /** Occurrences inside a sentence written like a name ("CUDA", "Kevin") and otherwise. */
  readonly capitalized: number[] = [];
  readonly lower: number[] = [];

  intern(norm: string): number {
    const id = this.table.add(norm);
    if (id < this.content.length) return id;
    // a piece of a formula (H², uₜ, ℝⁿ) is no keyword, nor half of one ("L² norm"): what is left of math the
    // decoder turned into text
    this.content.push(
      isContentWord(norm) &&
        !(STARTS_DIGIT.test(norm) && !DIMENSION.test(norm)) &&
        !MORE_FUNCTION_WORDS.has(norm) &&
        !FORMULA_CHARACTER.test(norm),
    );
    let cues = 0;
    if (ARTICLES.has(norm)) cues |= Cue.Article;
    if (VERB_CUES.has(norm)) cues |= Cue.Verb;
    if (PHRASE_ENDERS.has(norm)) cues |= Cue.PhraseEnd;
    if (NUMBER.test(norm)) cues |= Cue.Number;
    if (PREPOSITION_SET.has(norm)) cues |= Cue.Preposition;
    if (norm === 'of') cues |= Cue.Of;
    if (norm === 'to') cues |= Cue.To;
    this.cues.push(cues);
    this.count.push(0);
    this.final.push(0);
    this.afterArticle.push(0);
    this.afterVerbCue.push(0);
    this.afterNumber.push(0);
    this.beforeOf.push(0);
    this.capitalized.push(0);
    this.lower.push(0);
    return id;
  }

  /** A name or acronym ("CUDA", "EnvFactory", "Kevin"): a noun whatever its contexts. */
  name(id: number): boolean {
    return this.capitalized[id] > this.lower[id];
  }

  /** Seen often enough that missing evidence means something. */
  private settled(id: number): boolean {
    return this.count[id] >= 3;
  }

  /** Used as a verb more than as a noun or adjective. */
  private verbal(id: number): boolean {
    return this.afterVerbCue[id] >= 2 && this.afterVerbCue[id] > 2 * this.afterArticle[id];
  }

  /** Can end a noun phrase: not a verb or an -ed form, and seen ending one unless too rare to tell ("agentic" never does). */
  private canEnd(id: number): boolean {
    const norm = this.norms[id];
    if (norm.length > 4 && norm.endsWith('ed') && !norm.endsWith('eed')) return false;
    if (this.verbal(id)) return false;
    // a quantity noun needs its "of": "a small number [of]", "a diverse set [of]"
    if (this.settled(id) && this.beforeOf[id] >= 0.5 * this.count[id]) return false;
    return !this.settled(id) || this.final[id] >= 0.1 * this.count[id];
  }

  /** Can open a noun phrase: not a verb, an -ing/-ed form only if also used after an article, an -ly word only if a noun ("family"). */
  private canStart(id: number): boolean {
    if (this.verbal(id)) return false;
    const norm = this.norms[id];
    if (norm.length > 4 && (norm.endsWith('ing') || (norm.endsWith('ed') && !norm.endsWith('eed'))))
      return this.afterArticle[id] > 0;
    if (norm.length > 4 && norm.endsWith('ly')) return this.final[id] > 0 && this.final[id] >= 0.1 * this.count[id];
    return true;
  }

  /** A keyword on its own: a noun phrase by itself ("approaches depend on" is not), not a unit counted by numbers ("percent"). */
  private standsAlone(id: number): boolean {
    if (this.count[id] >= 3 && this.final[id] < 0.2 * this.count[id]) return false;
    return this.canEnd(id) && this.canStart(id) && this.afterNumber[id] * 2 < this.count[id];
  }

  /** The Role bits of every content word. */
  roles(): Uint8Array {
    const roles = new Uint8Array(this.norms.length);
    for (let id = 0; id < roles.length; id++) {
      if (!this.content[id]) continue;
      if (this.name(id)) roles[id] = Role.Name | Role.Start | Role.End | Role.Alone;
      else
        roles[id] =
          (this.canStart(id) ? Role.Start : 0) |
          (this.canEnd(id) ? Role.End : 0) |
          (this.standsAlone(id) ? Role.Alone : 0);
    }
    return roles;
  }
}
