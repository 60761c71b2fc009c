/** A name an abstract introduces and how strongly, kept by name so a stronger introduction wins. */

import { type Tok } from './tokens';
import { PLACEHOLDERS } from './wordLists';

/** How a name only the ranker weighs was written, when no cue or name shape found it (writtenNames.ts). */
export type WrittenAs =
  'the spelling of its acronym' | 'a capitalized word with an appositive' | 'a capitalized word before a class noun';

export const WRITTEN_AS: readonly WrittenAs[] = [
  'the spelling of its acronym',
  'a capitalized word with an appositive',
  'a capitalized word before a class noun',
];

export interface Candidate {
  name: string;
  /** Index of the first token of the occurrence where the name was introduced (or first seen). */
  at: number;
  intro: number;
  expansion: string[] | null;
  /** Noun phrase said of the name at its introduction ("fully automated framework ..."). */
  appositive: Tok[] | null;
  /** Noun phrase between the verb and the name ("we propose a novel RL algorithm, X"). */
  preNoun: Tok[] | null;
  /** Class noun of the introduction (benchmark, framework ...). */
  kind: string | null;
  /** A short form given in parentheses: "Decision ConvFormer (DC)". */
  alias?: string;
  /** Set for a name found only as a plain word (writtenNames.ts). */
  written?: WrittenAs;
}

/** Candidates by name; a stronger introduction replaces a weaker one, a weaker one only fills in what is missing. */
export class CandidateSet {
  readonly byName = new Map<string, Candidate>();

  add(name: string, at: number, intro: number, extra: Partial<Candidate> = {}): void {
    name = name.trim();
    if (!name || PLACEHOLDERS.has(name)) return;
    const prev = this.byName.get(name);
    if (prev && prev.intro >= intro) {
      if (!prev.expansion && extra.expansion) prev.expansion = extra.expansion;
      if (!prev.appositive && extra.appositive) prev.appositive = extra.appositive;
      if (!prev.preNoun && extra.preNoun) prev.preNoun = extra.preNoun;
      return;
    }
    this.byName.set(name, {
      name,
      at,
      intro,
      expansion: extra.expansion ?? prev?.expansion ?? null,
      appositive: extra.appositive ?? prev?.appositive ?? null,
      preNoun: extra.preNoun ?? prev?.preNoun ?? null,
      kind: extra.kind ?? prev?.kind ?? null,
      alias: extra.alias ?? prev?.alias,
    });
  }
}
