/**
 * Where the "Name:" agreement is lost (issue 25): bundled and run by
 * `node scripts/titles/losses.mjs [--part train|calibration|heldOut] [--show N] [--class <name>]`. For every paper
 * of the part whose real title starts with a one-word name ("Name: ..."), one class: agreed; agreed only once both
 * sides are normalized (the bench's comparison is too strict); a candidate the ranker put below another (by what it
 * took) or below "none"; written in the abstract but no candidate (why); written only in another form (hyphens,
 * case, plural, possessive, inside a longer word, split by markup); not in the abstract at all. Prints counts, and
 * up to N examples of one class (study rules on training papers, never on held-out ones).
 */
import { resolve } from 'node:path';
import { makeDoc } from '../../src/core/titles/abstractDoc';
import { MAX_CANDIDATES } from '../../src/core/titles/limits';
import { isFamiliar, isKnown, shapeOf } from '../../src/core/titles/nameShapes';
import { scoredCandidates } from '../../src/core/titles/pickMethod';
import { rankCandidates } from '../../src/core/titles/ranker';
import { devCorpusDir, readDevCorpus, type DevPaper } from '../lib/devCorpus';
import { nameKey, sameName, titleName } from '../lib/titleFigures';

const root = resolve(__dirname, '..', '..', '..');
const option = (name: string): string | undefined => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const QUOTES = /^["“]|["”]$/g;
const clean = (name: string) => name.replace(QUOTES, '').toLowerCase();
/** Looser than the bench's comparison: dots and apostrophes aside too, to find a name written another way. */
const loose = (s: string) => nameKey(s).replace(/[.'’]/g, '');

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The sentence of `text` that first writes `name` (any case), or a note that the abstract never does. */
function firstSentence(text: string, name: string): string {
  const m = new RegExp(`[^.]{0,160}${escape(name)}[^.]{0,100}`, 'i').exec(text);
  return m ? m[0].trim() : '(not in the abstract)';
}

function classify(p: DevPaper): { cls: string; note: string } {
  const decoded = titleName(p.title) as string;
  // the comparison the bench made before: the title's LaTeX as written, case aside
  const lead = (/^([^\s:]+):\s/.exec(p.title.replace(/\s+/g, ' ').trim())?.[1] ?? '').toLowerCase();
  const doc = makeDoc(p.text.trim());
  const scored = scoredCandidates(doc, true);
  const picked = rankCandidates(doc, scored);
  const names = scored.map((s) => s.cand.name);
  if (picked && clean(picked.name) === lead) return { cls: 'agreed', note: '' };
  if (picked && sameName(picked.name, decoded)) return { cls: 'agreed once normalized', note: picked.name };
  const at = scored.findIndex((s) => loose(s.cand.name) === loose(decoded));
  if (at >= 0) {
    const right = scored[at].cand;
    if (!picked) return { cls: 'candidate, none chosen', note: `${right.name} of ${names.join(' | ')}` };
    const pl = picked.name.toLowerCase();
    const rl = right.name.toLowerCase();
    const kind =
      picked.alias === right.name || right.alias === picked.name
        ? 'its alias or expansion'
        : pl.includes(rl)
          ? 'a longer name holding it'
          : rl.includes(pl)
            ? 'a part of it'
            : picked.intro > right.intro
              ? 'a more strongly introduced name'
              : picked.intro === right.intro
                ? 'an equally introduced name'
                : 'a less strongly introduced name';
    return {
      cls: `candidate, ranked below ${kind}`,
      note: `${right.name} [${right.intro}] < ${picked.name} [${picked.intro}] of ${names.join(' | ')}`,
    };
  }
  const target = loose(decoded);
  const exact = doc.toks.filter((t) => loose(t.core) === target || loose(t.base) === target);
  if (exact.length > 0) {
    const t = exact[0];
    const why =
      scored.length >= MAX_CANDIDATES
        ? 'the cap'
        : isKnown(t.base) || t.known
          ? 'a common acronym or term'
          : isFamiliar(t.base) || t.familiar
            ? 'a familiar family'
            : shapeOf(t.base) === 1
              ? 'a capitalized word'
              : shapeOf(t.base) === 0
                ? 'a plain word'
                : 'a name shape no rule kept';
    return { cls: `written, no candidate: ${why}`, note: `${t.core} (${exact.length}x) of ${names.join(' | ')}` };
  }
  const words = doc.toks.map((t) => loose(t.core));
  const forms: [string, (w: string) => boolean][] = [
    ['plural or possessive', (w) => w === `${target}s` || w === `${target}s` || w === `${target}es`],
    ['inside a longer word', (w) => w.includes(target) && target.length >= 3],
  ];
  for (const [form, test] of forms) {
    const w = doc.toks.find((_, i) => test(words[i]));
    if (w) return { cls: `written as ${form}`, note: `${w.core} of ${names.join(' | ')}` };
  }
  if (loose(p.text).includes(target)) return { cls: 'written across words or markup', note: '' };
  return { cls: 'not in the abstract', note: '' };
}

function main(): void {
  const dir = devCorpusDir(root, option('real-dir'));
  if (!dir) throw new Error('no dev corpus: give --real-dir or put it in ../shared/real (see its README)');
  const part = (option('part') ?? 'heldOut') as DevPaper['part'];
  const show = Number(option('show') ?? 0);
  const which = option('class');
  const counts = new Map<string, number>();
  let named = 0;
  const examples: string[] = [];
  for (const p of readDevCorpus(dir)) {
    if (p.part !== part || !titleName(p.title)) continue;
    named++;
    const { cls, note } = classify(p);
    counts.set(cls, (counts.get(cls) ?? 0) + 1);
    if (examples.length < show && (!which || cls.includes(which)))
      examples.push(
        `${titleName(p.title)}\t${cls}\t${note}\n    ${p.title}\n    ${firstSentence(p.text, titleName(p.title) as string)}`,
      );
  }
  console.log(`${part}: "Name:" titles ${named}`);
  for (const [cls, n] of [...counts].sort((a, b) => b[1] - a[1]))
    console.log(`${String(n).padStart(6)}  ${((100 * n) / named).toFixed(2).padStart(6)}%  ${cls}`);
  if (examples.length) console.log(`\n${examples.join('\n')}`);
}

main();
