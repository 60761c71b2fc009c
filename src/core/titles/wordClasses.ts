/**
 * Word classes for cutting and cleaning phrases, from suffixes and short lists: participles, adverbs,
 * adjectives and other words a phrase must not end with.
 */

import { shapeOf } from './nameShapes';
import { type Tok } from './tokens';
import { memoByWord } from './wordMemo';
import { ADJ, ADVERBS, CUT_BEFORE, FUNC, HYPE, ING_NOUNS, NOUN_EXCEPTIONS, PHRASE_STOP, VERBS, set } from './wordLists';

const ING_FORM = /^[a-z]+ing$/;
export const LY_NOUNS = set('family assembly anomaly supply reply poly monopoly');

/** "-ing" forms that are verbs here, not nouns like "learning" or "setting". */
export const isParticiple = (w: string): boolean => w.length > 5 && ING_FORM.test(w) && !ING_NOUNS.has(w);

export const isAdverb = (t: Tok): boolean =>
  t.core === t.lower &&
  (ADVERBS.has(t.lower) ||
    (t.lower.endsWith('ly') && !NOUN_EXCEPTIONS.has(t.lower) && !LY_NOUNS.has(t.lower) && t.lower !== 'only'));

const ADJ_SUFFIX = /(ive|ous|ful|able|ible|ical|less|ant|ent|ic|al)$/;

const NOUN_AL_IC =
  /(signal|goal|trial|interval|proposal|arrival|retrieval|removal|approval|survival|terminal|material|manual|journal|animal|capital|chemical|principal|portal|tutorial|hospital|crystal|metal|total|rival|logic|topic|metric|heuristic|music|clinic|graphic|mechanic|critic|epic|traffic|republic|public|basic|magic|panic|rhetoric|arithmetic|dynamic|polic)s?$/;

export const OF_NOUNS =
  /^(class|set|range|variety|number|kind|type|series|suite|collection|amount|couple|lot|host|plethora|family|part|sequence|pair|form|array|mix|mixture|combination)$/i;

const OF_NOUNS_THAT_END = set('family sequence mixture combination series suite collection pair');
const VAGUE_NOUNS = set(
  'way ways manner fashion sense end order terms respect regard lens light means hand basis face extent degree fact',
);
const IRREGULAR_PARTICIPLES = set(
  'built made done given known shown taken seen written driven grown chosen hidden drawn held kept left brought taught thought found run begun become got gotten',
);
const PREFIXED_ADJECTIVE = /^(multi|single|cross|semi|non|inter|intra)-[a-z]+$/;
const PREFIXED_NOUN = /-(training|learning|play|distillation|evolution|supervision|correction|reflection|attention)$/;
const STARTS_UPPER_OR_DIGIT = /^[A-Z0-9]/;
const ADJECTIVE_COMPOUND =
  /-(based|aware|driven|guided|free|level|wise|style|like|specific|oriented|centric|conditioned|augmented|enhanced|grounded|scale|step|turn|shot|agnostic|efficient|intensive|friendly|ready|dependent|independent|invariant|consistent|preserving|informed|tuned|trained)$/;
const ED_NOUNS = /(eed|speed|seed|bed|hundred|red)$/;
const ENT_ANT = /(ment|ent|ant)$/;
const ENT_ANT_END = /(ent|ant)$/;
const ENT_ANT_NOUNS =
  /(agent|ment|gradient|environment|component|student|content|element|client|patient|assistant|participant|constant|variant|event|extent|intent|descent|percent|talent|segment|document|experiment|argument|instrument|treatment|payment|investment|equipment|judgment|parent|point|plant|tenant|accent|consent|continent|current|dependent|incident|opponent|precedent|present|recipient|resident|respondent|president|coefficient|quotient|solvent|sediment|ent)$/;

function computeBadFinal(w: string): boolean {
  const l = w.toLowerCase();
  if (
    FUNC.has(l) ||
    CUT_BEFORE.has(l) ||
    PHRASE_STOP.has(l) ||
    HYPE.has(l) ||
    ADJ.has(l) ||
    VERBS.has(l) ||
    ADVERBS.has(l) ||
    NUMBERS.test(l)
  )
    return true;
  if (OF_NOUNS.test(l) && !OF_NOUNS_THAT_END.has(l)) return true;
  if (VAGUE_NOUNS.has(l)) return true;
  if (IRREGULAR_PARTICIPLES.has(l)) return true;
  if (PREFIXED_ADJECTIVE.test(l) && !PREFIXED_NOUN.test(l)) return true;
  if (NOUN_EXCEPTIONS.has(l) || ING_NOUNS.has(l)) return false;
  if (STARTS_UPPER_OR_DIGIT.test(w) && shapeOf(w) >= 2) return false;
  if (l.endsWith('ly') && !LY_NOUNS.has(l)) return true;
  if (ADJECTIVE_COMPOUND.test(l)) return true;
  if (isParticiple(l)) return true;
  if (l.endsWith('ed') && !ED_NOUNS.test(l)) return true;
  if (ADJ_SUFFIX.test(l) && !NOUN_AL_IC.test(l) && !ENT_ANT.test(l)) return true;
  if (ENT_ANT_END.test(l)) return !ENT_ANT_NOUNS.test(l);
  return false;
}

/** True for words a phrase must not end with: function words, adverbs, adjectives, participles. */
export const badFinal = memoByWord(computeBadFinal);

const STARTS_DIGIT = /^\d/;

export function badFirst(w: string): boolean {
  const l = w.toLowerCase();
  return (
    FUNC.has(l) ||
    CUT_BEFORE.has(l) ||
    PHRASE_STOP.has(l) ||
    ADVERBS.has(l) ||
    (l.endsWith('ly') && w === l) ||
    STARTS_DIGIT.test(w)
  );
}

export const badFinalTok = (t: Tok): boolean => badFinal(t.core);

export const badFirstTok = (t: Tok): boolean => badFirst(t.core);

const CUT_WORDS = set('that which where while whose based built to');

/** Words a long phrase may be cut before: prepositions, conjunctions, participles, relative pronouns. */
export const isCut = (w: string): boolean => {
  const l = w.toLowerCase();
  return CUT_BEFORE.has(l) || isParticiple(l) || CUT_WORDS.has(l);
};

export const NUMBERS =
  /^(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|dozens?|hundreds?|thousands?|millions?|billions?|\d[\d.,]*[a-z%]*)$/i;

export function verbIng(v: string): string {
  const l = v.toLowerCase();
  const dash = l.lastIndexOf('-');
  if (dash > 0) return `${l.slice(0, dash + 1)}${verbIng(l.slice(dash + 1))}`;
  if (/ies$/.test(l)) return `${l.slice(0, -3)}ying`;
  if (/(ss|sh|ch|x|zz)es$/.test(l)) return `${l.slice(0, -2)}ing`;
  let st = /[^s]s$/.test(l) ? l.slice(0, -1) : l;
  if (/ie$/.test(st)) return `${st.slice(0, -2)}ying`;
  if (/[^aeiou]e$/.test(st) || (/[aiou]e$/.test(st) && !/(ee|ye|oe)$/.test(st))) st = st.slice(0, -1);
  else if (/^[^aeiou]*[aeiou][bdgmnprt]$/.test(st) || /(fer|cur|mit|pel|trol|gret|get|gin|set|bed)$/.test(st))
    st += st[st.length - 1];
  return `${st}ing`;
}

export const ANAPHORA =
  /^(it|them|itself|themselves|this|these|those|both|such|either|each|former|latter|above|aforementioned|they|its|their)$/;
