/**
 * The describing phrase of a title: for a named contribution (its expansion, appositive, class noun or the
 * noun phrase before it) and for a paper without a name ("we study X", surveys), extended with what the
 * thing is for ("framework for data-efficient RL").
 */

import { type Doc, introSubject } from './abstractDoc';
import { type Candidate } from './candidateSet';
import { cleanExpansion, cleanPhrase } from './cleanPhrase';
import { MAX_DESC_WORDS } from './limits';
import { shapeOf } from './nameShapes';
import { phraseFrom } from './nounPhrases';
import { acronymFits, parenAt, words } from './parentheses';
import { contentWords, isWeak, shorten } from './shorten';
import { aboutPhrase } from './topic';
import { ANAPHORA, badFinal, isAdverb, isParticiple, verbIng } from './wordClasses';
import { ADJ, CLASS_NOUNS, CUT_BEFORE, FUNC, PLACEHOLDERS, STUDY_VERBS, VERBS } from './wordLists';

/** "framework that explicitly separates planning from execution" -> "separating planning from execution". */
function relativeClauseAfter(doc: Doc, endTok: number): string[] {
  const { toks } = doc;
  let k = endTok + 1;
  const p = parenAt(toks, k);
  if (p) k = p.to + 1;
  if (k >= toks.length || toks[k].sent !== toks[endTok].sent) return [];
  if (!/^(that|which)$/.test(toks[k].lower)) return [];
  k++;
  while (k < toks.length && isAdverb(toks[k])) k++;
  let verb: string | null = null;
  if (/^(can|could|may|might|will|would)$/.test(toks[k]?.lower ?? '')) {
    k++;
    while (k < toks.length && isAdverb(toks[k])) k++;
    const v = toks[k];
    if (v && /^[a-z]+(-[a-z]+)*$/.test(v.core) && !FUNC.has(v.lower)) verb = verbIng(v.core);
  } else {
    const v = toks[k];
    if (v && /^[A-Za-z][a-z]+(-[a-z]+)*s$/.test(v.core) && !/(ss|us|is)$/.test(v.core) && !FUNC.has(v.lower))
      verb = verbIng(v.core);
  }
  if (!verb) return [];
  let objToks = phraseFrom(toks, k + 1, 12);
  const ana = objToks.findIndex((t) => ANAPHORA.test(t.lower));
  if (ana >= 0) {
    objToks = objToks.slice(0, ana);
    while (
      objToks.length > 0 &&
      (FUNC.has(objToks[objToks.length - 1].lower) ||
        (/^[a-z]+s$/.test(objToks[objToks.length - 1].core) &&
          objToks.length > 1 &&
          /^(and|or)$/.test(objToks[objToks.length - 2].lower)))
    )
      objToks.pop();
    while (objToks.length > 0 && /^(and|or)$/.test(objToks[objToks.length - 1].lower)) objToks.pop();
  }
  if (objToks.length === 0 || ana === 0) return [];
  const obj = cleanPhrase(doc, objToks);
  if (contentWords(obj).length === 0) return [];
  return [verb, ...obj];
}

/** The "for X" / "to VERB X" purpose following a phrase in the same sentence: "a framework for data-efficient RL". */
function purposeAfter(doc: Doc, from: number, sent: number): string[] {
  const { toks } = doc;
  for (let k = from; k < toks.length && toks[k].sent === sent && k < from + 12; k++) {
    if (toks[k].lower === 'to' && k === from) {
      let v = k + 1;
      while (v < toks.length && isAdverb(toks[v])) v++;
      const vt = toks[v];
      if (
        !vt ||
        vt.sent !== sent ||
        !/^[a-z]+(-[a-z]+)*$/.test(vt.core) ||
        FUNC.has(vt.lower) ||
        ADJ.has(vt.lower) ||
        /ing$/.test(vt.lower) ||
        (badFinal(vt.core) && !VERBS.has(vt.lower))
      )
        return [];
      const ph = phraseFrom(toks, v + 1, 16);
      if (ph.length > 0 && !ph.some((t) => ANAPHORA.test(t.lower))) {
        const w = cleanPhrase(doc, ph);
        if (contentWords(w).length > 0)
          return /^(provide|provides|enable|ensure|support|achieve|obtain|offer|allow|facilitate|perform|conduct|deliver|realize|attain|produce|yield)$/.test(
            vt.lower,
          ) && w.length >= 2
            ? w
            : [verbIng(vt.core), ...w];
      }
      return [];
    }
    if (/^(for|towards|toward)$/.test(toks[k].lower) && k + 1 < toks.length && toks[k + 1].sent === sent) {
      const ph = phraseFrom(toks, k + 1, 16);
      if (ph.length > 0 && !ph.some((t) => ANAPHORA.test(t.lower))) {
        const w = cleanPhrase(doc, ph);
        if (contentWords(w).length > 0) return w;
      }
    }
    if (/[;.,]/.test(toks[k].post)) break;
  }
  return [];
}

/** Adds what a short phrase is for: its relative clause ("that VERBs X") or purpose ("for X", "to VERB X"). */
function extend(doc: Doc, words: string[], endTok: number): string[] {
  if (endTok < 0 || words.length === 0 || (contentWords(words).length > 3 && !isWeak(words))) return words;
  const { toks } = doc;
  const seen = new Set(words.map((w) => w.toLowerCase()));
  const adds = (ext: string[]): boolean => contentWords(ext).some((w) => !seen.has(w.toLowerCase()));
  const head = words[words.length - 1];
  const keeps = (r: string[], ext: string[]): boolean => {
    const at = r.lastIndexOf(head);
    return (
      at >= 0 &&
      r.length - at - 1 >= Math.min(2, ext.length) &&
      contentWords(r.slice(at + 1)).length >= 1 &&
      !isParticiple(r[r.length - 1].toLowerCase())
    );
  };
  const rel = relativeClauseAfter(doc, endTok);
  if (rel.length > 0 && adds(rel)) {
    const r = shorten([...words, ...rel], MAX_DESC_WORDS);
    if (keeps(r, rel)) return r;
  }
  const purpose = purposeAfter(doc, endTok + 1, toks[endTok].sent);
  if (purpose.length > 0 && adds(purpose)) {
    const r = shorten([...words, 'for', ...purpose], MAX_DESC_WORDS);
    if (keeps(r, purpose)) return r;
  }
  return words;
}

/** Descriptor for a paper that introduces no name. */
export function plainDescriptor(doc: Doc): string[] {
  const { toks } = doc;
  const lowerText = doc.text.toLowerCase();
  // surveys and reviews
  if (
    /survey|review|overview/.test(lowerText) &&
    /\b(this|our) (survey|review|tutorial)\b|\bwe (survey|review)\b|\b(survey|review)s? (of|on)\b|\bliterature review\b|\b(comprehensive|systematic) (overview|review|survey)\b/.test(
      lowerText,
    )
  ) {
    for (let i = 0; i < toks.length; i++) {
      if (!/^(survey|surveys|review|reviews|overview|summarize|summarizes)$/.test(toks[i].lower)) continue;
      let k = i + 1;
      while (
        k < toks.length &&
        toks[k].sent === toks[i].sent &&
        (/^(of|on|the|recent|advances|progress|developments|in|to|a|an|research|literature|work|works|existing|reviews|review|summarizes|covers|examines)$/.test(
          toks[k].lower,
        ) ||
          isAdverb(toks[k]))
      )
        k++;
      if (k >= toks.length || toks[k].sent !== toks[i].sent || k === i + 1) continue;
      const ph = shorten(cleanPhrase(doc, phraseFrom(toks, k, 10)), MAX_DESC_WORDS - 2);
      if (ph.length >= 1 && !isWeak(ph)) return ['survey', 'of', ...ph];
    }
    const topic = aboutPhrase(doc, new Set());
    if (topic.length > 0) return ['survey', 'of', ...topic];
  }
  // "we study / investigate / propose ... NP"; sentences with "also/further" only when nothing else says it
  for (const pass of [0, 1]) {
    for (let v = 0; v < toks.length; v++) {
      if (!STUDY_VERBS.has(toks[v].lower)) continue;
      const subj = introSubject(toks, v);
      if (!subj || subj.prior || subj.secondary !== (pass === 1)) continue;
      let k = v + 1;
      if (toks[v].lower === 'focus' && toks[k]?.lower === 'on') k++;
      if (/^(how|whether|what|why|which|when|if|that|to)$/.test(toks[k]?.lower ?? '')) continue;
      while (k < toks.length && /^(the|a|an)$/.test(toks[k].lower)) k++;
      // a scrubbed name ("we propose METHOD, a technique that ..."): describe it by its appositive
      if (
        k < toks.length &&
        PLACEHOLDERS.has(toks[k].core) &&
        /,/.test(toks[k].post) &&
        /^(a|an|the)$/.test(toks[k + 1]?.lower ?? '')
      )
        k += 2;
      if (k >= toks.length) continue;
      const quantified = /^(two|three|four|five|several|some|many|various|multiple|both|\d+)$/.test(toks[k].lower);
      if (
        /^(problem|question|case|setting|use|role|effect|impact|idea|notion|task|challenge|issue) of$/.test(
          `${toks[k].lower} ${toks[k + 1]?.lower ?? ''}`,
        )
      )
        k += 2;
      while (k < toks.length && /^(the|a|an)$/.test(toks[k].lower)) k++;
      const raw = phraseFrom(toks, k, 14);
      if (raw.length === 0) continue;
      const lastIdx = toks.indexOf(raw[raw.length - 1]);
      if (quantified) {
        // "we propose two techniques to improve data efficiency in X" -> "improving data efficiency in X"
        const purpose = purposeAfter(doc, lastIdx + 1, toks[v].sent);
        if (purpose.length >= 2 && /ing$/.test(purpose[0])) return shorten(purpose, MAX_DESC_WORDS);
        continue;
      }
      if (raw.some((t) => ANAPHORA.test(t.lower))) continue;
      let ph = cleanPhrase(doc, raw);
      if (ph.length === 0) continue;
      ph = extend(doc, shorten(ph, MAX_DESC_WORDS), lastIdx);
      if (ph.length >= 2 && !isWeak(ph)) return ph;
    }
  }
  return aboutPhrase(doc, new Set());
}

/** A class noun right after the name and the phrase it heads, with an expansion in a bracket after that noun. */
function classNounAfterName(
  doc: Doc,
  c: Candidate,
  end: number,
  afterName: number,
  hasParen: boolean,
): { postNoun: string[]; lateExpansion: string[] | null } {
  const { toks } = doc;
  const nextTok = toks[afterName + 1];
  const postPunct = toks[afterName].post.replace(/^\)/, '');
  let postNoun: string[] = [];
  let lateExpansion: string[] | null = null;
  if (
    nextTok &&
    nextTok.sent === toks[end].sent &&
    !/[,;:.!?—]/.test(postPunct) &&
    (CLASS_NOUNS.has(nextTok.lower) || CLASS_NOUNS.has(nextTok.lower.replace(/s$/, '')) || nextTok.known)
  ) {
    const ph = phraseFrom(toks, afterName + 1, 12);
    postNoun = extend(doc, shorten(cleanPhrase(doc, ph), MAX_DESC_WORDS), toks.indexOf(ph[ph.length - 1]));
    // "the TESSERA pipeline (Transient Event Search with ...)"
    const p2 = parenAt(toks, afterName + 2);
    if (!c.expansion && p2 && !hasParen) {
      const inside = words(toks, p2.from, p2.to);
      if (inside.length >= 2 && acronymFits(c.name, inside)) lateExpansion = inside;
    }
  }
  return { postNoun, lateExpansion };
}

/** An acronym's expansion as the descriptor, completed by the class noun after the name or by its purpose. */
function expansionDescriptor(doc: Doc, exp: string[], postNoun: string[], from: number, sent: number): string[] {
  let out = exp;
  if (
    postNoun.length > 0 &&
    exp.length < MAX_DESC_WORDS &&
    !exp.some((w) => CUT_BEFORE.has(w.toLowerCase()) && w.toLowerCase() !== 'and')
  )
    out = [...exp, postNoun[0]];
  else if (exp.length <= 3 && !exp.some((w) => CUT_BEFORE.has(w.toLowerCase()))) {
    const purpose = purposeAfter(doc, from, sent);
    const known = new Set(exp.map((w) => w.toLowerCase()));
    if (purpose.length > 0 && contentWords(purpose).some((w) => !known.has(w.toLowerCase())))
      out = [...exp, 'for', ...purpose];
  }
  if (out === exp) return exp.length <= MAX_DESC_WORDS + 2 ? exp : shorten(exp, MAX_DESC_WORDS);
  return out.length <= MAX_DESC_WORDS ? out : shorten(out, MAX_DESC_WORDS, exp.length);
}

/** Descriptor for a named contribution. */
export function namedDescriptor(doc: Doc, c: Candidate): string[] {
  const { toks } = doc;
  const nameLower = c.name.toLowerCase();
  const usable = (ws: string[]): boolean => ws.length >= 2 && ws.join(' ').toLowerCase() !== nameLower && !isWeak(ws);
  // where the name (and its parenthesis) ends
  const end = Math.min(
    toks.length - 1,
    c.at + (toks[c.at] && toks[c.at].pre.includes('(') ? 0 : c.name.split(' ').length - 1),
  );
  const paren = parenAt(toks, end + 1);
  const afterName = paren ? paren.to : end;
  // a class noun right after the name: "the LMRL-Gym benchmark for ...", "(SUNG) framework", "(E2O) RL"
  const nextTok = toks[afterName + 1];
  const { postNoun, lateExpansion } = classNounAfterName(doc, c, end, afterName, paren !== null);
  // 1. the expansion of an acronym: "KEPO: knowledge-enhanced preference optimization"
  const expWords = c.expansion ?? lateExpansion;
  const exp = expWords ? cleanExpansion(doc, expWords) : [];
  const appEnd = c.appositive ? toks.indexOf(c.appositive[c.appositive.length - 1]) : -1;
  const app = c.appositive ? extend(doc, shorten(cleanPhrase(doc, c.appositive), MAX_DESC_WORDS), appEnd) : [];
  const expOk =
    exp.length >= 3 ||
    (exp.length === 2 && contentWords(exp).length === 2 && (!usable(app) || exp.every((w) => w.includes('-'))));
  if (expOk && exp.join(' ').toLowerCase() !== nameLower)
    return expansionDescriptor(doc, exp, postNoun, afterName + 1, toks[end].sent);
  // 2. "the NAME benchmark for X"
  if (usable(postNoun)) return postNoun;
  // 3. the appositive: "NAME, a fully automated framework for X"
  if (usable(app)) return app;
  // 4. the noun phrase before the name ("a critic-free RL algorithm named X"), with what follows the name
  const pre = c.preNoun ? shorten(cleanPhrase(doc, c.preNoun), MAX_DESC_WORDS) : [];
  const preExt =
    pre.length > 0
      ? extend(doc, pre, /,/.test(toks[afterName].post) || /^(that|which)$/.test(nextTok?.lower ?? '') ? afterName : -1)
      : [];
  if (usable(preExt)) return preExt;
  // 5. "NAME, which VERBs X"
  const rel = relativeClauseAfter(doc, afterName);
  if (rel.length >= 3) {
    const r = shorten(rel, MAX_DESC_WORDS, 1);
    if (r.length >= 2) return r;
  }
  // 6. a weak head ("framework") for what the abstract is about
  const head = app.length > 0 ? app : preExt;
  const about = aboutPhrase(
    doc,
    new Set([c.name, ...c.name.split(' ').filter((w) => shapeOf(w) >= 2)]),
    toks[c.at].sent,
    false,
  );
  if (head.length > 0 && about.length > 0 && !isParticiple(about[0].toLowerCase())) {
    const overlap = about.some((w) => head.map((h) => h.toLowerCase()).includes(w.toLowerCase()));
    if (!overlap) return shorten([...head, 'for', ...about], MAX_DESC_WORDS);
  }
  if (about.length > 0) return about;
  return head.length > 0 ? head : exp;
}
