/**
 * `npm run titles:build [-- --real-dir <dir>] [--out <file>] [--hidden <units>] [--steps <steps>]`: learns the title
 * ranker (src/core/titles/ranker.ts) from the development corpus of real arXiv abstracts and their real titles
 * (../shared/real) and writes src/core/titles/titleRanker.json. Deterministic: papers in the dump's order,
 * full-batch gradient steps from a fixed start, no randomness, weights rounded; the same corpus gives the same file
 * byte for byte.
 *
 * What is learned: which of an abstract's candidate names its authors put first in the title. The training papers
 * (devSplit 'train') whose real title starts with a one-word name ("Name: ...") that is a candidate teach which
 * one; those whose title has no word written as a name teach when to take none (weighted NONE_WEIGHT). The rest
 * (a "Name:" that is no candidate, a title naming things some other way) teach nothing about choosing and are left
 * out. The score of "none" is then set on the calibration part; the held-out part, never seen, is what the printed
 * figures are measured on.
 */
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { makeDoc } from '../../src/core/titles/abstractDoc';
import { pickMethod, scoredCandidates } from '../../src/core/titles/pickMethod';
import { featureRows, RankerModel, RankerWeights, rankCandidates, rankerScore } from '../../src/core/titles/ranker';
import { FEATURE_NAMES } from '../../src/core/titles/rankerFeatures';
import { DevPaper, devCorpusDir, readDevCorpus } from '../lib/devCorpus';
import { sameName, titleName } from '../lib/titleFigures';
import { trainConditionalLogit, type Choice } from './conditionalLogit';

const root = resolve(__dirname, '..', '..', '..');
/**
 * The weight of a paper whose title names nothing against one that names a candidate: they are most of the
 * papers, and at full weight they teach the model mostly that titles rarely carry names, at the cost of which name.
 */
const NONE_WEIGHT = 0.3;
/**
 * Hidden units of the ranker's score, and the full-batch steps that fit them. A linear score was as right on its
 * training papers as on held-out ones: it could learn no more. Two tanh units beside it let features count
 * differently together than apart; more units were more often right on real titles but named something in more of
 * the seeds' abstracts that introduce no name (docs/benchmarks.md, "The title ranker").
 */
const HIDDEN = 2;
const STEPS = 300;

function option(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

/** A word of a title written as a name: an acronym or a coined shape (inner capital, digits with letters). */
const NAME_WORD = /^(?=.*\p{L})(?:\p{Lu}[\p{Lu}\d-]+|.*\p{Ll}\p{Lu}.*|.*\p{L}\d.*|.*\d\p{L}.*)$/u;

/**
 * Index of the candidate the real title names (-1: none), or undefined when the paper teaches nothing: the
 * one-word name of a "Name: ..." title when it is a candidate; none for a title with no word written as a name
 * (its first word aside, capitalized anyway); undefined for the rest, whose titles name things in other ways.
 */
function labelOf(names: readonly string[], title: string): number | undefined {
  const lead = titleName(title);
  if (lead) {
    const i = names.findIndex((n) => sameName(n, lead));
    return i >= 0 ? i : undefined;
  }
  const words = title.split(/[\s:,;()]+/).slice(1);
  return words.some((w) => NAME_WORD.test(w)) ? undefined : -1;
}

/** A paper's choice, and whether the hand rules name something in it. */
type Labelled = Choice & { handNamed: boolean };

function choices(papers: readonly DevPaper[]): Labelled[] {
  const out: Labelled[] = [];
  for (const p of papers) {
    const doc = makeDoc(p.text.trim());
    const scored = scoredCandidates(doc, true);
    if (scored.length === 0) continue;
    const label = labelOf(
      scored.map((s) => s.cand.name),
      p.title,
    );
    if (label === undefined) continue;
    out.push({ rows: featureRows(doc, scored), label, handNamed: pickMethod(doc, false) !== null });
  }
  return out;
}

/**
 * The score of "none": the lowest on a fixed grid at which the model names something in no more of the papers
 * whose title names nothing than the hand rules do. Most abstracts that introduce a name have titles without it,
 * so the choice that is right most often names too little; this one names as readily as the hand rules did and
 * lets the ranking decide which name.
 */
function calibrateNone(weights: RankerWeights, set: readonly Labelled[]): number {
  const best = set.map((c) => {
    let arg = -1;
    let max = -Infinity;
    c.rows.forEach((x, i) => {
      const s = rankerScore(weights, x);
      if (s > max) [arg, max] = [i, s];
    });
    return { arg, max };
  });
  const nameless = set.map((c, i) => ({ c, i })).filter(({ c }) => c.label < 0);
  const handRate = nameless.filter(({ c }) => c.handNamed).length;
  for (let k = -160; k <= 160; k++) {
    const none = k / 20;
    if (nameless.filter(({ i }) => best[i].max > none).length <= handRate) return none;
  }
  return 8;
}

/** "Name:" agreement on held-out papers, the hand rules against `model`. */
function heldOutAgreement(papers: readonly DevPaper[], model: RankerModel): void {
  let named = 0;
  let hand = 0;
  let learned = 0;
  let reachable = 0;
  for (const p of papers) {
    const lead = titleName(p.title);
    if (!lead) continue;
    named++;
    const doc = makeDoc(p.text.trim());
    const scored = scoredCandidates(doc, true);
    if (scored.some((s) => sameName(s.cand.name, lead))) reachable++;
    const h = pickMethod(doc, false);
    const l = rankCandidates(doc, scored, model);
    if (h && sameName(h.name, lead)) hand++;
    if (l && sameName(l.name, lead)) learned++;
  }
  const pct = (a: number) => `${((100 * a) / Math.max(named, 1)).toFixed(2)}%`;
  console.log(
    `held-out "Name:" titles: ${named}; name among the candidates ${pct(reachable)}; ` +
      `hand rules ${pct(hand)}, learned ${pct(learned)}`,
  );
}

function main(): void {
  const dir = devCorpusDir(root, option('real-dir'));
  if (!dir) throw new Error('no dev corpus: give --real-dir or put it in ../shared/real (see its README)');
  const corpus = readDevCorpus(dir);
  const train = choices(corpus.filter((p) => p.part === 'train'));
  const calibration = choices(corpus.filter((p) => p.part === 'calibration'));
  console.log(`training choices: ${train.length} (${train.filter((c) => c.label < 0).length} of no name)`);
  const hidden = Number(option('hidden') ?? HIDDEN);
  const fitted = trainConditionalLogit(
    train,
    FEATURE_NAMES.length,
    NONE_WEIGHT,
    hidden,
    Number(option('steps') ?? STEPS),
  );
  const round = (x: number) => Math.round(x * 1e4) / 1e4 + 0;
  const rounded: RankerWeights = {
    weights: fitted.weights.map(round),
    hidden: fitted.hidden.map((row) => row.map(round)),
    hiddenBias: fitted.hiddenBias.map(round),
    hiddenOut: fitted.hiddenOut.map(round),
  };
  const model: RankerModel = { features: FEATURE_NAMES, ...rounded, none: round(calibrateNone(rounded, calibration)) };
  heldOutAgreement(
    corpus.filter((p) => p.part === 'heldOut'),
    model,
  );
  const out = option('out') ?? join(root, 'src', 'core', 'titles', 'titleRanker.json');
  const rows = model.hidden.map((row) => `    ${JSON.stringify(row)}`).join(',\n');
  const text =
    `{\n  "features": ${JSON.stringify(model.features)},\n  "weights": ${JSON.stringify(model.weights)},\n` +
    `  "hidden": [\n${rows}\n  ],\n  "hiddenBias": ${JSON.stringify(model.hiddenBias)},\n` +
    `  "hiddenOut": ${JSON.stringify(model.hiddenOut)},\n  "none": ${model.none}\n}\n`;
  writeFileSync(out, text);
  console.log(`wrote ${out} (${text.length} bytes)`);
}

main();
