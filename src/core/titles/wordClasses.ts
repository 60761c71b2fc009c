import { shapeOf } from './nameShapes';
import { type Tok } from './tokens';
import { ADJ, ADVERBS, CUT_BEFORE, FUNC, HYPE, ING_NOUNS, NOUN_EXCEPTIONS, PHRASE_STOP, VERBS } from './wordLists';

export const isParticiple = (w: string): boolean => /^[a-z]+ing$/.test(w) && !ING_NOUNS.has(w) && w.length > 5;

export const isAdverb = (t: Tok): boolean =>
  t.core === t.lower && (ADVERBS.has(t.lower) || (/ly$/.test(t.lower) && !NOUN_EXCEPTIONS.has(t.lower) && !/^(family|assembly|anomaly|supply|reply|poly|only|monopoly)$/.test(t.lower)));

const ADJ_SUFFIX = /(ive|ous|ful|able|ible|ical|less|ant|ent|ic|al)$/;

const NOUN_AL_IC = /(signal|goal|trial|interval|proposal|arrival|retrieval|removal|approval|survival|terminal|material|manual|journal|animal|capital|chemical|principal|portal|tutorial|hospital|crystal|metal|total|rival|logic|topic|metric|heuristic|music|clinic|graphic|mechanic|critic|epic|traffic|republic|public|basic|magic|panic|rhetoric|arithmetic|dynamic|polic)s?$/;

export const OF_NOUNS = /^(class|set|range|variety|number|kind|type|series|suite|collection|amount|couple|lot|host|plethora|family|part|sequence|pair|form|array|mix|mixture|combination)$/i;

/** True for words a phrase must not end with: function words, adverbs, adjectives, participles. */
export function badFinal(w: string): boolean {
  const l = w.toLowerCase();
  if (FUNC.has(l) || CUT_BEFORE.has(l) || PHRASE_STOP.has(l) || HYPE.has(l) || ADJ.has(l) || VERBS.has(l) || ADVERBS.has(l) || NUMBERS.test(l)) return true;
  if (OF_NOUNS.test(l) && !/^(family|sequence|mixture|combination|series|suite|collection|pair)$/.test(l)) return true;
  if (/^(way|ways|manner|fashion|sense|end|order|terms|respect|regard|lens|light|means|hand|basis|face|extent|degree|fact)$/.test(l)) return true;
  if (/^(built|made|done|given|known|shown|taken|seen|written|driven|grown|chosen|hidden|drawn|held|kept|left|brought|taught|thought|found|run|begun|become|got|gotten)$/.test(l)) return true;
  if (/^(multi|single|cross|semi|non|inter|intra)-[a-z]+$/.test(l) && !/-(training|learning|play|distillation|evolution|supervision|correction|reflection|attention)$/.test(l)) return true;
  if (NOUN_EXCEPTIONS.has(l) || ING_NOUNS.has(l)) return false;
  if (/^[A-Z0-9]/.test(w) && shapeOf(w) >= 2) return false;
  if (/ly$/.test(l) && !/^(family|assembly|anomaly|supply|reply|poly|monopoly)$/.test(l)) return true;
  if (/-(based|aware|driven|guided|free|level|wise|style|like|specific|oriented|centric|conditioned|augmented|enhanced|grounded|scale|step|turn|shot|agnostic|efficient|intensive|friendly|ready|dependent|independent|invariant|consistent|preserving|informed|tuned|trained)$/.test(l)) return true;
  if (isParticiple(l)) return true;
  if (/ed$/.test(l) && !/(eed|speed|seed|bed|hundred|red)$/.test(l)) return true;
  if (ADJ_SUFFIX.test(l) && !NOUN_AL_IC.test(l) && !/(ment|ent|ant)$/.test(l)) return true;
  if (/(ent|ant)$/.test(l)) return !/(agent|ment|gradient|environment|component|student|content|element|client|patient|assistant|participant|constant|variant|event|extent|intent|descent|percent|talent|segment|document|experiment|argument|instrument|treatment|payment|investment|equipment|judgment|parent|point|plant|tenant|accent|consent|continent|current|dependent|incident|opponent|precedent|present|recipient|resident|respondent|president|coefficient|quotient|solvent|sediment|ent)$/.test(l);
  return false;
}

export function badFirst(w: string): boolean {
  const l = w.toLowerCase();
  return FUNC.has(l) || CUT_BEFORE.has(l) || PHRASE_STOP.has(l) || ADVERBS.has(l) || (/ly$/.test(l) && w === l) || /^\d/.test(w);
}

const badFinalCache = new WeakMap<Tok, boolean>();

export function badFinalTok(t: Tok): boolean {
  let v = badFinalCache.get(t);
  if (v === undefined) badFinalCache.set(t, (v = badFinal(t.core)));
  return v;
}

export const badFirstTok = (t: Tok): boolean => badFirst(t.core);

export const isCut = (w: string): boolean => CUT_BEFORE.has(w.toLowerCase()) || isParticiple(w.toLowerCase()) || /^(that|which|where|while|whose|based|built|to)$/i.test(w);

export const NUMBERS = /^(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|dozens?|hundreds?|thousands?|millions?|billions?|\d[\d.,]*[a-z%]*)$/i;

export function verbIng(v: string): string {
  const l = v.toLowerCase();
  const dash = l.lastIndexOf('-');
  if (dash > 0) return `${l.slice(0, dash + 1)}${verbIng(l.slice(dash + 1))}`;
  if (/ies$/.test(l)) return `${l.slice(0, -3)}ying`;
  if (/(ss|sh|ch|x|zz)es$/.test(l)) return `${l.slice(0, -2)}ing`;
  let st = /[^s]s$/.test(l) ? l.slice(0, -1) : l;
  if (/ie$/.test(st)) return `${st.slice(0, -2)}ying`;
  if (/[^aeiou]e$/.test(st) || (/[aiou]e$/.test(st) && !/(ee|ye|oe)$/.test(st))) st = st.slice(0, -1);
  else if (/^[^aeiou]*[aeiou][bdgmnprt]$/.test(st) || /(fer|cur|mit|pel|trol|gret|get|gin|set|bed)$/.test(st)) st += st[st.length - 1];
  return `${st}ing`;
}

export const ANAPHORA = /^(it|them|itself|themselves|this|these|those|both|such|either|each|former|latter|above|aforementioned|they|its|their)$/;
