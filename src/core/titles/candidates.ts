import { type Doc, RUN_CONNECTORS_WIDE, countWord, firstIndex, introSubject, occurrences, runEnd } from './abstractDoc';
import { appositiveAfter, existingMarked, kindOf } from './appositives';
import { baseName, capitalized, isFamiliar, isKnown, isStopCapital, nameLike, shapeOf } from './nameShapes';
import { phraseFrom } from './nounPhrases';
import { acronymFits, aliasAfter, aliasText, citationLike, parenAt, words } from './parentheses';
import { type Tok, breaksAfter } from './tokens';
import { BLOCK_PREV, CLASS_NOUNS, FUNC, GENERIC_HEADS, INTRO_VERBS, NAMING_WORDS, PHRASE_STOP, PLACEHOLDERS, VERBS } from './wordLists';

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
}

const DETERMINERS = /^(a|an|the|our|two|three|four|its|this|these|one)$/;

export function findCandidates(doc: Doc): Map<string, Candidate> {
  const { toks } = doc;
  const cands = new Map<string, Candidate>();
  const add = (name: string, at: number, intro: number, extra: Partial<Candidate> = {}): void => {
    name = name.trim();
    if (!name || PLACEHOLDERS.has(name)) return;
    const prev = cands.get(name);
    if (prev && prev.intro >= intro) {
      if (!prev.expansion && extra.expansion) prev.expansion = extra.expansion;
      if (!prev.appositive && extra.appositive) prev.appositive = extra.appositive;
      if (!prev.preNoun && extra.preNoun) prev.preNoun = extra.preNoun;
      return;
    }
    cands.set(name, {
      name,
      at,
      intro,
      expansion: extra.expansion ?? prev?.expansion ?? null,
      appositive: extra.appositive ?? prev?.appositive ?? null,
      preNoun: extra.preNoun ?? prev?.preNoun ?? null,
      kind: extra.kind ?? prev?.kind ?? null,
      alias: extra.alias ?? prev?.alias,
    });
  };

  /**
   * Reads the name starting at token i (a single token, a capitalized run, a quoted span, with "(ACR)",
   * "(expansion)" or ": expansion" after it) and registers it. `direct` says nothing but the verb or a
   * naming word comes before it.
   */
  const readName = (i: number, intro: number, preNoun: Tok[] | null, direct: boolean, allowLower: boolean): boolean => {
    const t = toks[i];
    if (/["“]/.test(t.pre)) {
      let j = i;
      while (j < toks.length - 1 && j - i < 6 && !/["”]/.test(toks[j].post)) j++;
      if (/["”]/.test(toks[j].post) && j - i < 6 && capitalized(t.core)) {
        const app = appositiveAfter(toks, j);
        add(words(toks, i, j).join(' '), i, intro, { preNoun, appositive: app, kind: kindOf(app) });
        return true;
      }
    }
    let end = i;
    if (capitalized(t.core)) {
      end = runEnd(toks, i);
      if (!aliasAfter(toks, end)) {
        const wide = runEnd(toks, i, RUN_CONNECTORS_WIDE);
        if (wide > end && aliasAfter(toks, wide)) end = wide;
      }
    }
    // "RL's Razor": a possessive common acronym starting a name
    if (end === i && t.possessive && i + 1 < toks.length && /^[A-Z]/.test(toks[i + 1].core)) end = runEnd(toks, i + 1);
    const run = toks.slice(i, end + 1);
    const runText = run.map((x, k) => (x.possessive && k < run.length - 1 ? `${x.core}'s` : x.core)).join(' ');
    const alias = aliasAfter(toks, end);
    const paren = parenAt(toks, end + 1);
    const inside = paren ? words(toks, paren.from, paren.to) : [];
    const app = appositiveAfter(toks, paren ? paren.to : end);
    const kind = kindOf(app);
    const single = run.length === 1;
    const coined = run.some((x) => shapeOf(x.core) >= 2 && !isKnown(x.core));
    // "Expansion (ACR)" or "Coined (ALIAS)"
    if (alias) {
      const a = aliasText(toks, alias);
      const aShape = shapeOf(a);
      const fits = acronymFits(a, run.map((x) => x.core));
      // "a discretized Least-Squares Value Iteration (LSVI) algorithm": an acronym used as a modifier names a
      // variant of something known, unless the paper keeps using it as its name
      const afterAlias = toks[alias.to + 1];
      const asModifier = !!afterAlias && afterAlias.sent === t.sent && !/[,;:.!?—]/.test(toks[alias.to].post.replace(/^\)/, '')) && /^[a-z]/.test(afterAlias.core) && !FUNC.has(afterAlias.lower) && !PHRASE_STOP.has(afterAlias.lower);
      const tooFew = asModifier && occurrences(doc, baseName(a)).length < 3 && !direct;
      if (!tooFew && !isKnown(a) && (aShape >= 2 || (aShape === 1 && fits) || (aShape === 0 && fits && /^[a-z]/.test(a)))) {
        const alnum = baseName(a).replace(/[^A-Za-z0-9]/g, '').length;
        const compoundName = single && shapeOf(t.core) === 1 && t.core.split('-').filter((x) => /^[A-Z]/.test(x)).length >= 2 && t.core.split('-').length >= 3;
        const compoundWins = compoundName && occurrences(doc, baseName(t.core)).length >= occurrences(doc, baseName(a)).length;
        // "MCP-Universe RL (MCP-U RL)": the short form abbreviates a coined name
        const runCoined = !single && t.shape === 3 && !t.known && a.length >= 3 && t.core.startsWith(a.slice(0, 3));
        if ((single && (shapeOf(t.core) === 3 || compoundWins) && !isKnown(t.core)) || runCoined) add(single ? baseName(t.core) : runText, i, intro, { appositive: app, preNoun, kind, alias: baseName(a) });
        else if (alnum <= 2 && !single) add(runText, i, intro, { appositive: app, preNoun, kind, alias: baseName(a) });
        else if (run.every((x) => x.known)) add(baseName(a), alias.from, intro, { appositive: app, preNoun: [...(preNoun ?? []), ...run], kind });
        else if (capitalized(t.core) || fits) add(baseName(a), alias.from, intro, { expansion: run.length > 1 || fits ? run.map((x) => x.core) : null, appositive: app, preNoun, kind });
        else return false;
        return true;
      }
    }
    if (single && !capitalized(t.core)) {
      // lowercase coined names: "floq (flow-matching Q-functions)", "polar, a rollout framework"
      if (!allowLower || !direct) return false;
      if (paren && acronymFits(t.core, inside)) {
        add(t.core, i, intro, { expansion: inside, appositive: app, preNoun, kind });
        return true;
      }
      if (app && kind && /,/.test(t.post) && !/s$/.test(t.core)) {
        add(t.core, i, intro - 2, { appositive: app, preNoun, kind });
        return true;
      }
      return false;
    }
    if (run.every((x) => isKnown(x.core) || shapeOf(x.core) === 0)) return false;
    if (run.every((x) => isKnown(x.core) || isFamiliar(x.core) || shapeOf(x.core) === 0) && !(direct && intro >= 8)) return false;
    // "NAME (Expanded Acronym)" or "NAME: Expanded Acronym"
    let expansion: string[] | null = null;
    if (paren && !citationLike(inside) && inside.length >= 2 && inside.join('').replace(/[^A-Za-z]/g, '').length > runText.replace(/[^A-Za-z]/g, '').length + 2) {
      const caps = inside.filter((w) => /^[A-Z]/.test(w)).length;
      if (acronymFits(run[run.length - 1].core, inside) || caps >= Math.ceil(inside.length / 2)) expansion = inside;
    }
    if (!expansion && /:/.test(toks[end].post)) {
      const exp = phraseFrom(toks, end + 1, 10).map((x) => x.core);
      if (exp.length >= 2 && acronymFits(run[run.length - 1].core, exp)) expansion = exp;
    }
    const name = single ? baseName(t.core) : runText;
    // evidence that the run is a name and not a capitalized modifier ("a Pseudo-simulation-based RL method")
    const next = toks[end + 1];
    const modifier = next && next.sent === t.sent && !breaksAfter(toks[end]) && /^[a-z]/.test(next.core) && !FUNC.has(next.lower) && !VERBS.has(next.lower);
    const reps = occurrences(doc, name).length;
    let ok = direct || !!expansion || !!(app && kind);
    if (!ok && coined) ok = !(modifier && run.every((x) => shapeOf(x.core) <= 2)) || reps >= 2;
    if (!ok && !single && reps >= 2 && !modifier) ok = true;
    if (!ok) return false;
    if (single && shapeOf(t.core) === 1 && !expansion && !(app && kind) && !(direct && (/[,:;.(—–-]/.test(t.post) || reps >= 2))) return false;
    add(name, i, intro, { expansion, appositive: expansion && !app ? null : app, preNoun, kind });
    return true;
  };

  /** After an intro verb's noun phrase: "(ACR)" or ", NAME." later in the same sentence. */
  const lookahead = (from: number, sentIdx: number, intro: number): void => {
    for (let k = from; k < toks.length && toks[k].sent === sentIdx && k < from + 25; k++) {
      const t = toks[k];
      const p = t.pre.includes('(') ? aliasAfter(toks, k - 1) : null;
      if (p && p.from === k) {
        const a = aliasText(toks, p);
        // expansion: the shortest run of preceding words whose letters spell the acronym
        let exp: string[] | null = null;
        for (let n = 1; n <= 10 && k - n >= from - 1 && k - n >= 0; n++) {
          const ws = words(toks, k - n, k - 1);
          if (toks[k - n].sent !== sentIdx) break;
          if (acronymFits(a, ws)) {
            exp = ws;
            break;
          }
        }
        // "... for the Stochastic Shortest Path (SSP) problem": an acronym used as a modifier is not the object
        const after = toks[p.to + 1];
        const modifier = after && after.sent === sentIdx && !/[,;:.!?]/.test(toks[p.to].post.replace(/^\)/, '')) && /^[a-z]/.test(after.core) && !FUNC.has(after.lower) && !PHRASE_STOP.has(after.lower);
        if (!modifier && !isKnown(a) && (shapeOf(a) >= 2 || (exp && exp.length >= 2 && /^[A-Z]/.test(a)))) {
          // the noun phrase the name stands for: from the verb's object up to the parenthesis
          let s0 = from;
          while (s0 < k && (DETERMINERS.test(toks[s0].lower) || FUNC.has(toks[s0].lower))) s0++;
          const preNoun = exp && exp.length >= 2 ? null : toks.slice(s0, k);
          add(baseName(a), k, intro - 1, { expansion: exp && exp.length >= 2 ? exp : null, preNoun: preNoun && preNoun.length > 0 ? preNoun : null, appositive: appositiveAfter(toks, p.to), kind: kindOf(appositiveAfter(toks, p.to)) });
          return;
        }
      }
      const prev = toks[k - 1];
      if (prev && /,/.test(prev.post) && nameLike(t.core) && !isFamiliar(t.core)) {
        const after = toks[k + 1];
        if (/[.;]/.test(t.post) || !after || after.sent !== sentIdx || (/,/.test(t.post) && /^(a|an|which|that)$/.test(after.lower))) {
          let s0 = from;
          while (s0 < k && (DETERMINERS.test(toks[s0].lower) || FUNC.has(toks[s0].lower))) s0++;
          add(baseName(t.core), k, intro - 2, { preNoun: k - 1 > s0 ? toks.slice(s0, k) : null });
          return;
        }
      }
    }
  };

  for (let v = 0; v < toks.length; v++) {
    const l = toks[v].lower;
    // "we propose/introduce/present ... NAME", "this paper introduces NAME", "models we refer to as NAME"
    if (INTRO_VERBS.has(l) || (l === 'refer' && toks[v + 1]?.lower === 'to')) {
      const subj = introSubject(toks, v);
      const refer = l === 'refer';
      if ((!subj && !refer) || subj?.prior) continue;
      let strength = subj?.secondary ? 8 : 10;
      if (/^propose/.test(l)) strength += 0.5;
      let k = v + 1 + (refer ? 2 : 0);
      const pre: Tok[] = [];
      let sawDeterminer = false;
      let found = false;
      // "we term this principle X", "we call the resulting algorithm X": the name follows the named noun phrase
      let afterNaming = refer;
      const namingVerb = /^(call|calls|name|term|dub|coin)$/.test(l);
      for (let steps = 0; k < toks.length && steps < 16 && toks[k].sent === toks[v].sent; steps++, k++) {
        const t = toks[k];
        if (NAMING_WORDS.has(t.lower) || (t.lower === 'as' && (pre.length > 0 || refer))) {
          afterNaming = true;
          continue;
        }
        if (/^(which|we)$/.test(t.lower) && /^(we|call|name|term|refer)$/.test(toks[k + 1]?.lower ?? '')) {
          k += toks[k + 1]?.lower === 'we' ? 2 : 1;
          if (toks[k]?.lower === 'refer') k += 2;
          afterNaming = true;
          continue;
        }
        const direct = (!sawDeterminer && pre.length === 0) || afterNaming || namingVerb || /[,:]/.test(toks[k - 1]?.post ?? '');
        if (t.pre.includes('(')) {
          // an alias in parentheses belongs to the words before it (read by readName or the lookahead)
          const p = parenAt(toks, k);
          if (!p) break;
          k = p.to;
          continue;
        }
        const startsName = (capitalized(t.core) && !isStopCapital(t.core) && shapeOf(t.core) >= 1) || /["“]/.test(t.pre) || (t.possessive && /^[A-Z]/.test(toks[k + 1]?.core ?? ''));
        if (startsName) {
          if (readName(k, strength, pre.length ? pre.slice() : null, direct, false)) {
            found = true;
            break;
          }
          pre.push(t);
          if (breaksAfter(t) && !/[,:]/.test(t.post)) break;
          continue;
        }
        if (!capitalized(t.core) && direct && !FUNC.has(t.lower) && !DETERMINERS.test(t.lower) && readName(k, strength, null, true, true)) {
          found = true;
          break;
        }
        if (DETERMINERS.test(t.lower)) {
          sawDeterminer = true;
          continue;
        }
        // "we developed and validated NAME"
        if (t.lower === 'and' && pre.length === 0 && !sawDeterminer && /^[a-z]+ed$/.test(toks[k + 1]?.core ?? '')) {
          k++;
          continue;
        }
        // "a critic-free and efficient RL algorithm named X"
        if (/^(and|or)$/.test(t.lower) && pre.length > 0 && /^[a-z]/.test(toks[k + 1]?.core ?? '') && !FUNC.has(toks[k + 1].lower)) {
          pre.push(t);
          continue;
        }
        if (FUNC.has(t.lower) || PHRASE_STOP.has(t.lower) || VERBS.has(t.lower)) break;
        pre.push(t);
        if (/[;.!?)]/.test(t.post)) break;
      }
      if (!found) lookahead(v + 1, toks[v].sent, strength - 1);
    }
    // "called NAME", "named NAME", "dubbed NAME"
    const whichWeCall = /^(call|name|term)$/.test(l) && toks[v - 1]?.lower === 'we' && /^(which|that)$/.test(toks[v - 2]?.lower ?? '');
    if (((NAMING_WORDS.has(l) && l !== 'namely' && toks[v - 1]?.lower !== 'so') || whichWeCall) && v + 1 < toks.length && toks[v + 1].sent === toks[v].sent) {
      let k = v + 1;
      if (/^(the|a|an|it|this|as)$/.test(toks[k].lower)) k++;
      if (k >= toks.length || toks[k].sent !== toks[v].sent) continue;
      // the noun phrase being named: "a critic-free RL algorithm named X", "an algorithm built on Y, which we name X"
      let d = (whichWeCall ? v - 2 : v) - 1;
      while (d >= 0 && toks[d].sent === toks[v].sent && !DETERMINERS.test(toks[d].lower) && v - d < 14) d--;
      // "we propose an improved version of X for Y ..., which we call NAME": the object of the intro verb
      for (let iv = v - 1; whichWeCall && iv >= 0 && toks[iv].sent === toks[v].sent; iv--) {
        if (INTRO_VERBS.has(toks[iv].lower) && introSubject(toks, iv) && DETERMINERS.test(toks[iv + 1]?.lower ?? '')) {
          d = iv + 1;
          break;
        }
      }
      const preNoun = d >= 0 && toks[d].sent === toks[v].sent && DETERMINERS.test(toks[d].lower) ? phraseFrom(toks, d + 1, 10) : [];
      const pn = preNoun.length > 0 ? preNoun : null;
      if (capitalized(toks[k].core) || /["“]/.test(toks[k].pre)) readName(k, 9, pn, true, false) || lookahead(k, toks[v].sent, 9);
      else if (!FUNC.has(toks[k].lower)) readName(k, 7, pn, true, true) || lookahead(k, toks[v].sent, 9);
    }
    // "our framework, NAME (...)", "our algorithm, NAME,"; "a new algorithm, NAME"
    const ourLike = l === 'our' || ((l === 'a' || l === 'an') && /^(new|novel)$/.test(toks[v + 1]?.lower ?? ''));
    if (ourLike) {
      let k = v + 1;
      const pre: Tok[] = [];
      while (k < toks.length && k < v + 7 && toks[k].sent === toks[v].sent && /^[a-z]/.test(toks[k].core) && !FUNC.has(toks[k].lower) && !VERBS.has(toks[k].lower)) {
        pre.push(toks[k]);
        if (/[,:]/.test(toks[k].post)) break;
        k++;
      }
      const last = pre[pre.length - 1];
      const classy = pre.some((t) => CLASS_NOUNS.has(t.lower) || CLASS_NOUNS.has(t.lower.replace(/s$/, '')));
      if (last && /[,:]/.test(last.post) && classy && k + 1 < toks.length && toks[k + 1].sent === toks[v].sent) {
        const n = toks[k + 1];
        if (capitalized(n.core) && !isStopCapital(n.core) && shapeOf(n.core) >= 1) readName(k + 1, l === 'our' ? 8 : 7, pre, true, false);
      }
      // "a novel decoupled first-order gradient (FoG) method"
      if (l !== 'our') lookaheadParenOnly(k, toks[v].sent, 7);
    }
  }

  /** "(ACR)" closing the noun phrase that starts before `from`, spelled by the words before it. */
  function lookaheadParenOnly(from: number, sentIdx: number, intro: number): void {
    for (let k = from; k < toks.length && toks[k].sent === sentIdx && k < from + 10; k++) {
      const t = toks[k];
      if (t.pre.includes('(')) {
        const p = aliasAfter(toks, k - 1);
        if (p && p.from === k && shapeOf(t.core) >= 2 && !isKnown(t.core)) {
          for (let n = 2; n <= 8 && k - n >= 0; n++) {
            const ws = words(toks, k - n, k - 1);
            if (acronymFits(t.core, ws)) {
              add(baseName(t.core), k, intro, { expansion: ws });
              return;
            }
          }
        }
        return;
      }
      if (FUNC.has(t.lower) || breaksAfter(t)) return;
    }
  }

  // "NAME, a/an ... framework" and "NAME is a/an ... framework" anywhere; "our NAME", "NAME (ours)"
  for (let i = 0; i < toks.length; i++) {
    const t = toks[i];
    const shape = t.shape;
    if (t.known || t.familiar || (shape < 2 && !(shape === 0 && /,/.test(t.post) && /^[a-z][a-z0-9]+$/.test(t.core)))) continue;
    const name = t.base;
    const prevTok = toks[i - 1];
    const blocked = !!prevTok && prevTok.sent === t.sent && (BLOCK_PREV.has(prevTok.lower) || /e\.g/.test(prevTok.core));
    const app = appositiveAfter(toks, i);
    const kind = kindOf(app);
    if (app && kind && /,/.test(t.post) && !existingMarked(app) && !blocked) {
      if (shape >= 2) add(name, i, 6, { appositive: app, kind });
      else if (countWord(toks, t.lower, true) >= 3 && !GENERIC_HEADS.has(t.lower) && !CLASS_NOUNS.has(t.lower) && !/s$/.test(t.lower)) add(name, i, 5, { appositive: app, kind });
    }
    if (shape >= 2 && t.sentStart && /^(is|are)$/.test(toks[i + 1]?.lower ?? '') && /^(a|an|the)$/.test(toks[i + 2]?.lower ?? '')) {
      const app2 = phraseFrom(toks, i + 3);
      const kind2 = kindOf(app2);
      if (kind2 && !existingMarked(app2) && firstIndex(toks, name) === i) add(name, i, 6, { appositive: app2, kind: kind2 });
    }
    const p1 = prevTok?.lower ?? '';
    const p2 = toks[i - 2]?.lower ?? '';
    const nextTok = toks[i + 1];
    if (shape >= 2 && (p1 === 'our' || (p1 === 'proposed' && /^(the|our)$/.test(p2)))) {
      const verbAfter = nextTok && /^[a-z]+s$/.test(nextTok.core) && nextTok.sent === t.sent;
      add(name, i, /,/.test(t.post) || verbAfter ? 6 : 4);
    }
    if (shape >= 2 && /^ours$/i.test(nextTok?.core ?? '') && nextTok.pre.includes('(')) add(name, i, 6);
  }
  return cands;
}
