import { type Doc, normWords } from './abstractDoc';
import { caseWord, cleanPhrase } from './cleanPhrase';
import { MAX_DESC_WORDS } from './limits';
import { isStopCapital, singular } from './nameShapes';
import { phraseFrom } from './nounPhrases';
import { parenAt } from './parentheses';
import { badEnd, shorten } from './shorten';
import { type Tok, breaksAfter } from './tokens';
import { ANAPHORA, badFinal, badFinalTok, badFirstTok, isAdverb, isParticiple } from './wordClasses';
import { ADJ, FUNC, GENERIC_HEADS, HYPE, PHRASE_STOP, PLACEHOLDERS, VERBS } from './wordLists';

/** Gerund subject of a sentence: "Training vision-language web agents with multi-step RL is compute-intensive". */
function gerundSubject(doc: Doc, sent: number): string[] {
  const { toks } = doc;
  let i = toks.findIndex((t) => t.sent === sent);
  if (i < 0) return [];
  let lowerOk = false;
  if (/^(however|yet|but|moreover|still|thus|therefore|unfortunately|nevertheless|meanwhile|importantly|crucially)$/i.test(toks[i].lower) && /,/.test(toks[i].post)) {
    i++;
    lowerOk = true;
  }
  const g = toks[i];
  if (!g || !(lowerOk ? /^[A-Za-z][a-z]+ing$/ : /^[A-Z][a-z]+ing$/).test(g.core) || g.core.length < 6 || isStopCapital(g.core) || g.sent !== sent) return [];
  const out: Tok[] = [g];
  for (let j = i + 1; j < toks.length && toks[j].sent === sent && out.length < 14; j++) {
    const t = toks[j];
    if (/^(is|are|was|were|remains|remain|requires|require|has|have|can|could|may|poses|presents|faces|becomes|involves|demands|relies|offers|provides|enables|allows|suffers|struggles|often|typically|still|also|not|helps|plays|leads|yields|demonstrates|shows|makes)$/.test(t.lower)) {
      if (out.length < 2) return [];
      const w = shorten(cleanPhrase(doc, out), MAX_DESC_WORDS, 1);
      return w.length >= 2 && w[0].toLowerCase() === g.lower && !w.some((x) => ANAPHORA.test(x.toLowerCase())) ? w : [];
    }
    if (t.pre.includes('(')) {
      const p = parenAt(toks, j);
      if (!p) return [];
      for (let k = p.from; k <= p.to; k++) out.push(toks[k]);
      j = p.to;
      continue;
    }
    if (/[,;:]/.test(out[out.length - 1].post)) return [];
    out.push(t);
  }
  return [];
}

/** The first sentence's subject when it is a compact "X for/of/in Y" phrase. */
function firstSubject(doc: Doc): string[] {
  const { toks } = doc;
  if (toks.length === 0 || isStopCapital(toks[0].core) || /^(recent|recently|existing|current|despite|while|although|over|with|as|since|many|most|modern|large|deep|given|when|one|there|it|a|an)$/i.test(toks[0].lower)) return [];
  const ph = phraseFrom(toks, 0, 12);
  const next = toks[ph.length];
  if (ph.length < 3 || !next || next.sent !== 0 || breaksAfter(ph[ph.length - 1])) return [];
  const w = cleanPhrase(doc, ph);
  if (!w.some((x) => /^(for|of|in|with|on)$/.test(x)) || w.length > MAX_DESC_WORDS || badFinal(w[w.length - 1])) return [];
  return w;
}

/** Salient noun phrase of the abstract (used when nothing better says what it is about). */
export function topicPhrase(doc: Doc, avoid: Set<string>, standalone = true): string[] {
  const { toks } = doc;
  const norms = toks.map((t) => {
    const l = singular(t.core).toLowerCase();
    return l.length > 4 && l.endsWith('s') && !/(ss|us|is)$/.test(l) ? l.slice(0, -1) : l;
  });
  const tf = new Map<string, number>();
  for (const n of norms) tf.set(n, (tf.get(n) ?? 0) + 1);
  // chunks: maximal runs of words that can sit in a noun phrase
  const chunks: number[][] = [];
  let cur: number[] = [];
  const flush = (): void => {
    if (cur.length > 0) chunks.push(cur);
    cur = [];
  };
  toks.forEach((t, i) => {
    const l = t.lower;
    const ok =
      /[a-z]/i.test(t.core) &&
      !FUNC.has(l) &&
      !PHRASE_STOP.has(l) &&
      !VERBS.has(l) &&
      !HYPE.has(l) &&
      !isAdverb(t) &&
      !isParticiple(l) &&
      !/^(percent|percentage|times|points?)$/.test(l) &&
      !/^\d/.test(t.core) &&
      !/[@/:]/.test(t.core) &&
      !PLACEHOLDERS.has(t.core) &&
      !(t.pre.includes('(') || /\)/.test(t.post)) &&
      // "learning waits for": a verb after a singular noun, before a preposition
      !(/^[a-z]+s$/.test(t.core) && !/(ss|us|is)$/.test(t.core) && /^(for|to|on|from|with|into|over|across|about|through)$/.test(toks[i + 1]?.lower ?? '') && i > 0 && /[a-z]$/.test(toks[i - 1].core) && !/s$/.test(toks[i - 1].core) && !breaksAfter(toks[i - 1]));
    if (!ok || t.sentStart) flush();
    if (ok) cur.push(i);
    if (breaksAfter(t)) flush();
  });
  flush();
  const spanCount = new Map<string, number>();
  for (const c of chunks) {
    for (let a = 0; a < c.length; a++) {
      let key = '';
      for (let b = a; b < Math.min(c.length, a + 4); b++) {
        key = b === a ? norms[c[b]] : `${key} ${norms[c[b]]}`;
        spanCount.set(key, (spanCount.get(key) ?? 0) + 1);
      }
    }
  }
  const weSent = new Set<number>();
  for (const t of toks) if (t.lower === 'we' || t.lower === 'our') weSent.add(t.sent);
  let best: number[] = [];
  let bestScore = -Infinity;
  for (const c of chunks) {
    const sent = toks[c[0]].sent;
    for (let a = 0; a < c.length; a++) {
      if (c[a] === 0) continue; // the abstract's opening words are not a title
      const prevT = c[a] > 0 ? toks[c[a] - 1] : null;
      if (badFirstTok(toks[c[a]]) || (a === 0 && prevT && /^[a-z]+ed$/.test(toks[c[a]].core) && ((!prevT.sentStart && /^[a-z]/.test(prevT.core) && !FUNC.has(prevT.lower)) || /^(we|they|it|which|that|who)$/.test(prevT.lower)))) continue;
      let key = '';
      let sum = 0;
      let allKnown = true;
      let avoided = false;
      for (let b = a; b < Math.min(c.length, a + 4); b++) {
        const t = toks[c[b]];
        const n = norms[c[b]];
        key = b === a ? n : `${key} ${n}`;
        sum += GENERIC_HEADS.has(n) || ADJ.has(n) ? 0.3 : Math.min(tf.get(n) ?? 1, 6);
        if (!(t.known || GENERIC_HEADS.has(n))) allKnown = false;
        if (t.shape >= 2 && avoid.has(t.base)) avoided = true;
        const len = b - a + 1;
        if (avoided || allKnown || badFinalTok(t)) continue;
        if (len === 1 && (t.shape >= 2 || t.core.length < 5)) continue;
        if ((standalone || len >= 3) && opensAbstract(doc, c.slice(a, b + 1).map((x) => toks[x].core))) continue;
        let score = sum / Math.sqrt(len) + (spanCount.get(key) ?? 1) * 1.5 * (len > 1 ? 1 : 0.3);
        if (sent <= 1) score += 1;
        if (weSent.has(sent)) score += 1;
        if (len === 1) score -= 1.5;
        if (len >= 2 && len <= 3) score += 0.5;
        if (score > bestScore) {
          bestScore = score;
          best = c.slice(a, b + 1);
        }
      }
    }
  }
  return best.map((i) => caseWord(doc, toks[i].core, false));
}

/** True when the phrase is the abstract's opening words (a title must not be a truncated first sentence). */
function opensAbstract(doc: Doc, ws: string[]): boolean {
  if (ws.length === 0 || !doc.opening.startsWith(ws[0].toLowerCase())) return false;
  const p = normWords(ws.join(' '));
  return p.length > 0 && doc.opening.startsWith(p);
}

/** "Training web agents with multi-step RL" -> "multi-step RL for training web agents". */
function reorderGerund(ws: string[]): string[] {
  for (let i = ws.length - 2; i >= 2; i--) {
    if (!/^(with|via|using|through)$/i.test(ws[i])) continue;
    const means = ws.slice(i + 1);
    const act = ws.slice(0, i);
    if (means.length >= 1 && act.length >= 2 && !badEnd(act) && !badEnd(means)) return [...means, 'for', ...act];
  }
  return [];
}

/** What the abstract is about, from its own framing sentences, else its most salient noun phrase. */
export function aboutPhrase(doc: Doc, avoid: Set<string>, beforeSent = -1, standalone = true): string[] {
  // a standalone title never repeats the abstract's opening words; after a name, a short phrase may
  const opens = (ws: string[]): boolean => (standalone || ws.length >= 3) && opensAbstract(doc, ws);
  const ok = (ws: string[]): string[] => {
    if (ws.length < 2) return [];
    if (!opens(ws)) return ws;
    const r = reorderGerund(ws);
    return r.length >= 3 && r.length <= MAX_DESC_WORDS ? r : [];
  };
  for (let s = beforeSent - 1; s >= 0 && s >= beforeSent - 3; s--) {
    const g = ok(gerundSubject(doc, s));
    if (g.length >= 2) return g;
  }
  const nSent = doc.toks.length ? doc.toks[doc.toks.length - 1].sent + 1 : 0;
  for (let s = 0; s < Math.min(3, nSent); s++) {
    const g = ok(gerundSubject(doc, s));
    if (g.length >= 2) return g;
  }
  const f = firstSubject(doc);
  if (f.length >= 3 && !opens(f)) return f;
  return topicPhrase(doc, avoid, standalone);
}
