import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import * as fc from 'fast-check';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseDailyPapers } from '../../../../src/core/collections/formats/dailyPapers';
import { anchorAnnotation, anchorQuote, CONTEXT_LENGTH, createAnnotation, maxErrorsFor } from '../../../../src/core/annotations/annotations';
import { repoRoot } from '../../../helpers/repoRoot';

const ABSTRACT =
  'Learning a precise dynamics model can be crucial for offline reinforcement learning, which, unfortunately, ' +
  'has been found to be quite challenging. Dynamics models that are learned by fitting historical transitions ' +
  'often struggle to generalize to unseen transitions. In this study, we identify a hidden but pivotal factor ' +
  'termed dynamics reward that remains consistent across transitions, offering a pathway to better generalization.';

/** An annotation on the first occurrence (or the `nth`) of `quote` in `text`. */
function annotate(text: string, quote: string, nth = 0) {
  let at = -1;
  for (let i = 0; i <= nth; i++) at = text.indexOf(quote, at + 1);
  assert.ok(at >= 0, `"${quote}" is in the text`);
  return createAnnotation(text, at, at + quote.length, 'yellow');
}

const slice = (text: string, a: { start: number; end: number }) => text.slice(a.start, a.end);

describe('anchorAnnotation', () => {
  test('finds an unchanged passage where it was stored: exact', () => {
    const a = annotate(ABSTRACT, 'hidden but pivotal factor');
    const anchor = anchorAnnotation(a, ABSTRACT);
    assert.equal(anchor.status, 'exact');
    assert.equal(slice(ABSTRACT, anchor), 'hidden but pivotal factor');
  });

  test('survives whitespace fixes inside and before the quote', () => {
    const sloppy = ABSTRACT.replace('hidden but pivotal', 'hidden  but\npivotal').replace('In this study', 'In  this   study');
    const a = annotate(sloppy, 'hidden  but\npivotal factor');
    const fixed = ABSTRACT;
    const anchor = anchorAnnotation(a, fixed);
    assert.equal(anchor.status, 'moved');
    assert.equal(slice(fixed, anchor), 'hidden but pivotal factor');
    // and the other way round: spacing added
    const back = anchorAnnotation(annotate(fixed, 'hidden but pivotal factor'), sloppy);
    assert.equal(slice(sloppy, back), 'hidden  but\npivotal factor');
  });

  test('a corrected typo inside the quote gives a fuzzy anchor on the corrected words', () => {
    const typo = ABSTRACT.replace('historical transitions', 'histroical transitions');
    const a = annotate(typo, 'by fitting histroical transitions');
    const anchor = anchorAnnotation(a, ABSTRACT);
    assert.equal(anchor.status, 'fuzzy');
    assert.equal(slice(ABSTRACT, anchor), 'by fitting historical transitions');
  });

  test('a long quote (several 32-character blocks of the matcher) with a few edits is found', () => {
    const quote = 'Dynamics models that are learned by fitting historical transitions often struggle to generalize';
    const a = annotate(ABSTRACT, quote);
    const edited = ABSTRACT.replace(quote, 'Dynamics modls that are learnt by fitting historical transition often struggle to generalise');
    const anchor = anchorAnnotation(a, edited);
    assert.equal(anchor.status, 'fuzzy');
    assert.equal(slice(edited, anchor), 'Dynamics modls that are learnt by fitting historical transition often struggle to generalise');
  });

  test('a corrected typo outside the quote only moves it', () => {
    const typo = ABSTRACT.replace('unfortunately', 'unfortunatly');
    const a = annotate(typo, 'quite challenging');
    const anchor = anchorAnnotation(a, ABSTRACT);
    assert.equal(anchor.status, 'moved');
    assert.equal(slice(ABSTRACT, anchor), 'quite challenging');
  });

  test('text inserted before the quote: moved, same words', () => {
    const a = annotate(ABSTRACT, 'dynamics reward');
    const longer = `We revisit model-based offline RL. ${ABSTRACT}`;
    const anchor = anchorAnnotation(a, longer);
    assert.equal(anchor.status, 'moved');
    assert.equal(anchor.start, ABSTRACT.indexOf('dynamics reward') + 35);
    assert.equal(slice(longer, anchor), 'dynamics reward');
  });

  test('text inserted exactly at the start of the quote stays before it, also when it begins like the quote', () => {
    // "identify a hidden" -> "identify an a hidden": the old place now holds the "a" of "an", 3 characters early.
    const at = ABSTRACT.indexOf('identify a hidden') + 'identify '.length;
    const article = createAnnotation(ABSTRACT, at, at + 1, 'yellow');
    for (const inserted of ['an ', 'and ', 'so-called ']) {
      const edited = ABSTRACT.slice(0, at) + inserted + ABSTRACT.slice(at);
      const anchor = anchorAnnotation(article, edited);
      assert.deepEqual([anchor.start, anchor.end], [at + inserted.length, at + inserted.length + 1], `after inserting "${inserted}"`);
      assert.equal(anchor.status, 'moved');
    }
    // A longer quote, the inserted words starting with it ("dynamics rewards, a dynamics reward").
    const a = annotate(ABSTRACT, 'dynamics reward');
    const start = ABSTRACT.indexOf('dynamics reward');
    for (const inserted of ['dynamics rewards, a ', 'x', 'the learned ']) {
      const edited = ABSTRACT.slice(0, start) + inserted + ABSTRACT.slice(start);
      const anchor = anchorAnnotation(a, edited);
      assert.equal(anchor.start, start + inserted.length, `after inserting "${inserted}"`);
      assert.equal(slice(edited, anchor), 'dynamics reward');
      assert.equal(anchor.status, 'moved');
    }
  });

  test('a quote that occurs twice: prefix and suffix pick the one that was highlighted', () => {
    const text = `${ABSTRACT} We learn the dynamics reward from offline data.`;
    const second = annotate(text, 'dynamics reward', 1);
    const first = annotate(text, 'dynamics reward', 0);
    const edited = `Preface sentence about the setting. ${text}`;
    const a2 = anchorAnnotation(second, edited);
    assert.equal(a2.status, 'moved');
    assert.equal(a2.start, text.lastIndexOf('dynamics reward') + 36);
    const a1 = anchorAnnotation(first, edited);
    assert.equal(a1.start, text.indexOf('dynamics reward') + 36);
    // With the first copy's sentence rewritten around it, the second is still told apart by its context.
    const rewritten = text.replace('termed dynamics reward that remains consistent', 'called dynamics reward, which stays stable');
    assert.equal(anchorAnnotation(second, rewritten).start, rewritten.lastIndexOf('dynamics reward'));
  });

  test('an insertion that brings the other copy to the old position does not fool it', () => {
    const text = 'alpha beta gamma. The quick fox jumps. delta epsilon. The quick fox jumps. zeta eta theta.';
    const first = text.indexOf('The quick fox');
    const second = text.lastIndexOf('The quick fox');
    const a = annotate(text, 'The quick fox', 1);
    const pad = 'x'.repeat(second - first - 1) + ' ';
    const edited = pad + text; // the first copy now sits at the second one's old offset
    assert.equal(edited.indexOf('The quick fox'), second);
    const anchor = anchorAnnotation(a, edited);
    assert.equal(anchor.start, second + pad.length);
  });

  test('an edited passage is found where it was even when an untouched copy exists elsewhere', () => {
    const text = `${ABSTRACT} We also note that models learned by fitting historical transitions are brittle.`;
    const a = annotate(text, 'learned by fitting historical transitions', 0);
    const edited = text.replace('are learned by fitting historical transitions often', 'are learned by fitting historic transitions often');
    const anchor = anchorAnnotation(a, edited);
    assert.equal(anchor.status, 'fuzzy');
    assert.ok(anchor.start < ABSTRACT.length, `anchored in the first sentence, at ${anchor.start}`);
    assert.match(slice(edited, anchor), /learned by fitting historic transitions/);
  });

  test('a deleted quote is detached, even when similar words remain elsewhere', () => {
    const a = annotate(ABSTRACT, 'crucial for offline reinforcement learning');
    const edited = `${ABSTRACT.replace('can be crucial for offline reinforcement learning, which, unfortunately, has', 'has')} Online reinforcement learning is studied elsewhere.`;
    const anchor = anchorAnnotation(a, edited);
    assert.equal(anchor.status, 'detached');
  });

  test('rewritten beyond the error budget: detached', () => {
    const a = annotate(ABSTRACT, 'offering a pathway to better generalization');
    const edited = ABSTRACT.replace('offering a pathway to better generalization', 'giving a route towards improved transfer');
    assert.equal(anchorAnnotation(a, edited).status, 'detached');
  });

  test('quotes at the very start and end of the text', () => {
    const start = annotate(ABSTRACT, 'Learning a precise');
    assert.equal(anchorAnnotation(start, ABSTRACT).status, 'exact');
    const fixedStart = anchorAnnotation(start, ABSTRACT.replace('Learning a precise', 'Learning a precice'));
    assert.equal(fixedStart.status, 'fuzzy');
    assert.equal(fixedStart.start, 0);
    const end = annotate(ABSTRACT, 'better generalization.');
    assert.equal(anchorAnnotation(end, `${ABSTRACT}\n`).status, 'exact');
  });

  test('a broken position selector falls back to the quote', () => {
    const anchor = anchorQuote({ exact: 'dynamics reward', prefix: '', suffix: '' }, { start: 99999, end: -4 }, ABSTRACT);
    assert.equal(anchor.status, 'moved');
    assert.equal(slice(ABSTRACT, anchor), 'dynamics reward');
    assert.equal(anchorQuote({ exact: '', prefix: '', suffix: '' }, undefined, ABSTRACT).status, 'detached');
    assert.equal(anchorQuote({ exact: 'x', prefix: '', suffix: '' }, undefined, '').status, 'detached');
  });
});

// ---- Property-based: random texts of distinct words, random edit histories. ----

interface World {
  text: string;
  /** The highlighted passage in `text`, followed through the edits. */
  start: number;
  end: number;
}

/** Distinct words, so a passage of several words occurs once: any other match would be a wrong location. */
const wordsArb = fc.uniqueArray(fc.stringMatching(/^[a-z]{2,9}$/), { minLength: 30, maxLength: 120 });
const worldArb = wordsArb.chain((words) =>
  fc.record({ first: fc.nat(words.length - 4), count: fc.integer({ min: 3, max: 8 }) }).map(({ first, count }) => {
    const text = words.join(' ');
    const last = Math.min(words.length - 1, first + count - 1);
    const start = words.slice(0, first).join(' ').length + (first > 0 ? 1 : 0);
    const end = start + words.slice(first, last + 1).join(' ').length;
    return { text, start, end } satisfies World;
  }),
);

const editArb = fc.record({
  insert: fc.boolean(),
  at: fc.nat(),
  length: fc.integer({ min: 1, max: 30 }),
  inserted: fc.stringMatching(/^[a-z ]{1,30}$/),
});
type Edit = typeof editArb extends fc.Arbitrary<infer T> ? T : never;

/**
 * Applies an edit outside the passage and `margin` characters around it (never touching them), keeping
 * the passage's offsets right.
 */
function editAway(w: World, e: Edit, margin = 0): World {
  const { text, start, end } = w;
  const lo = Math.max(0, start - margin);
  const hi = Math.min(text.length, end + margin);
  if (e.insert) {
    // An insertion point in [0, lo] or [hi, text.length].
    const slots = lo + 1 + (text.length - hi + 1);
    let p = e.at % slots;
    if (p > lo) p = hi + (p - lo - 1);
    const shift = p <= lo ? e.inserted.length : 0;
    return { text: text.slice(0, p) + e.inserted + text.slice(p), start: start + shift, end: end + shift };
  }
  const before = lo;
  const after = text.length - hi;
  if (before + after === 0) return w;
  let p = e.at % (before + after);
  if (p < before) {
    const len = Math.min(e.length, before - p);
    return { text: text.slice(0, p) + text.slice(p + len), start: start - len, end: end - len };
  }
  p = hi + (p - before);
  const len = Math.min(e.length, text.length - p);
  return { text: text.slice(0, p) + text.slice(p + len), start, end };
}

/** Edits away from the passage that leave the context stored with it (CONTEXT_LENGTH each side) alone. */
const editAwayFromContext = (w: World, e: Edit) => editAway(w, e, CONTEXT_LENGTH);

/** One character substituted, inserted or deleted inside the passage. */
function editInside(w: World, kind: number, at: number, letter: string): World {
  const { text, start, end } = w;
  const p = start + (at % Math.max(1, end - start));
  if (kind === 0) return { text: text.slice(0, p) + letter + text.slice(p + 1), start, end };
  if (kind === 1 && p > start) return { text: text.slice(0, p) + letter + text.slice(p), start, end: end + 1 };
  if (end - start > 1) return { text: text.slice(0, p) + text.slice(p + 1), start, end: end - 1 };
  return w;
}

const insideEditArb = fc.record({ kind: fc.integer({ min: 0, max: 2 }), at: fc.nat(), letter: fc.stringMatching(/^[a-z]$/) });

describe('anchorAnnotation, property-based', () => {
  test('edits away from the quote keep an exact re-anchor at the right place', () => {
    fc.assert(
      fc.property(worldArb, fc.array(editArb, { maxLength: 12 }), (world, edits) => {
        const a = createAnnotation(world.text, world.start, world.end, 'green');
        const after = edits.reduce((w, e) => editAway(w, e), world);
        const quote = world.text.slice(world.start, world.end);
        fc.pre(after.text.indexOf(quote) === after.text.lastIndexOf(quote)); // an insertion did not copy it
        const anchor = anchorAnnotation(a, after.text);
        assert.ok(anchor.status === 'exact' || anchor.status === 'moved', `status ${anchor.status}`);
        assert.equal(anchor.start, after.start);
        assert.equal(anchor.end, after.end);
        if (edits.length === 0) assert.equal(anchor.status, 'exact');
      }),
      { numRuns: 400, seed: 11 },
    );
  });

  test('small edits inside the quote (its context kept) give a fuzzy or exact anchor on the edited passage', () => {
    fc.assert(
      fc.property(worldArb, fc.array(insideEditArb, { minLength: 1, maxLength: 6 }), fc.array(editArb, { maxLength: 4 }), (world, inside, away) => {
        const a = createAnnotation(world.text, world.start, world.end, 'blue');
        const budget = maxErrorsFor(world.end - world.start);
        fc.pre(budget >= 1);
        let w = away.reduce(editAwayFromContext, world);
        for (const e of inside.slice(0, budget)) w = editInside(w, e.kind, e.at, e.letter);
        const edits = Math.min(inside.length, budget);
        const anchor = anchorAnnotation(a, w.text);
        assert.notEqual(anchor.status, 'detached', `${edits} edit(s) within the budget of ${budget}`);
        assert.ok(Math.abs(anchor.start - w.start) <= edits && Math.abs(anchor.end - w.end) <= edits,
          `anchored at [${anchor.start}, ${anchor.end}), the passage is at [${w.start}, ${w.end})`);
      }),
      { numRuns: 300, seed: 12 },
    );
  });

  test('edits inside the quote and anywhere around it never give a wrong location (detached at worst)', () => {
    fc.assert(
      fc.property(worldArb, fc.array(insideEditArb, { maxLength: 8 }), fc.array(editArb, { maxLength: 8 }), (world, inside, away) => {
        const a = createAnnotation(world.text, world.start, world.end, 'blue');
        let w = away.reduce((x, e) => editAway(x, e), world);
        for (const e of inside) w = editInside(w, e.kind, e.at, e.letter);
        const anchor = anchorAnnotation(a, w.text);
        if (anchor.status === 'detached') return;
        assert.ok(anchor.start < w.end && anchor.end > w.start, `anchored at [${anchor.start}, ${anchor.end}), the passage is at [${w.start}, ${w.end})`);
      }),
      { numRuns: 300, seed: 13 },
    );
  });

  test('recovered share by edit rate (random texts), and no wrong location', (t) => {
    const rates = [0.05, 0.1, 0.15, 0.2, 0.3];
    const samples = fc.sample(fc.tuple(worldArb, fc.array(insideEditArb, { minLength: 40, maxLength: 40 }), fc.array(editArb, { maxLength: 4 })), { numRuns: 300, seed: 42 });
    for (const rate of rates) {
      let recovered = 0;
      let wrong = 0;
      for (const [world, inside, away] of samples) {
        const a = createAnnotation(world.text, world.start, world.end, 'pink');
        let w = away.reduce((x, e) => editAway(x, e), world);
        const n = Math.max(1, Math.round(rate * (world.end - world.start)));
        for (const e of inside.slice(0, n)) w = editInside(w, e.kind, e.at, e.letter);
        const anchor = anchorAnnotation(a, w.text);
        if (anchor.status === 'detached') continue;
        const overlaps = anchor.start < w.end && anchor.end > w.start;
        if (overlaps) recovered++;
        else wrong++;
      }
      t.diagnostic(`edit rate ${Math.round(rate * 100)}%: recovered ${((100 * recovered) / samples.length).toFixed(1)}%, wrong location ${wrong} of ${samples.length}`);
      assert.equal(wrong, 0);
    }
  });
});

// ---- The same measurement on real abstracts (the bundled seeds), where phrases do repeat. ----

describe('anchorAnnotation on the seed abstracts', () => {
  test('recovered share by edit rate, and how often a changed passage lands elsewhere', (t) => {
    const root = repoRoot();
    const abstracts = readdirSync(join(root, 'seeds'))
      .sort()
      .flatMap((f) => parseDailyPapers(readFileSync(join(root, 'seeds', f), 'utf8'), f).papers.map((p) => p.abstract));
    assert.ok(abstracts.length > 100);
    const cases = fc.sample(
      fc.record({ paper: fc.nat(abstracts.length - 1), first: fc.nat(), words: fc.integer({ min: 3, max: 12 }), inside: fc.array(insideEditArb, { minLength: 60, maxLength: 60 }), away: fc.array(editArb, { maxLength: 3 }) }),
      { numRuns: 400, seed: 7 },
    );
    for (const rate of [0, 0.05, 0.1, 0.15, 0.2]) {
      let recovered = 0;
      let wrong = 0;
      for (const c of cases) {
        const text = abstracts[c.paper];
        const spans = [...text.matchAll(/\S+/g)].map((m) => [m.index!, m.index! + m[0].length]);
        const first = c.first % Math.max(1, spans.length - c.words);
        const last = Math.min(spans.length - 1, first + c.words - 1);
        const world = { text, start: spans[first][0], end: spans[last][1] };
        const a = createAnnotation(text, world.start, world.end, 'yellow');
        let w = c.away.reduce((x, e) => editAway(x, e), world);
        const n = Math.round(rate * (world.end - world.start));
        for (const e of c.inside.slice(0, n)) w = editInside(w, e.kind, e.at, e.letter);
        const anchor = anchorAnnotation(a, w.text);
        if (anchor.status === 'detached') continue;
        if (anchor.start < w.end && anchor.end > w.start) recovered++;
        else wrong++;
      }
      t.diagnostic(`seed abstracts, edit rate ${Math.round(rate * 100)}%: recovered ${((100 * recovered) / cases.length).toFixed(1)}%, elsewhere ${wrong} of ${cases.length}`);
      if (rate <= 0.1) assert.equal(recovered, cases.length, `every passage edited at ${rate * 100}% is found`);
      assert.equal(wrong, 0);
    }
  });
});
