import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import * as fc from 'fast-check';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseDailyPapers } from '../../../../src/core/collections/formats/dailyPapers';
import {
  anchorAnnotation,
  CONTEXT_LENGTH,
  createAnnotation,
  maxErrorsFor,
} from '../../../../src/core/annotations/annotations';
import { repoRoot } from '../../../helpers/repoRoot';

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

const insideEditArb = fc.record({
  kind: fc.integer({ min: 0, max: 2 }),
  at: fc.nat(),
  letter: fc.stringMatching(/^[a-z]$/),
});

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
      fc.property(
        worldArb,
        fc.array(insideEditArb, { minLength: 1, maxLength: 6 }),
        fc.array(editArb, { maxLength: 4 }),
        (world, inside, away) => {
          const a = createAnnotation(world.text, world.start, world.end, 'blue');
          const budget = maxErrorsFor(world.end - world.start);
          fc.pre(budget >= 1);
          let w = away.reduce(editAwayFromContext, world);
          for (const e of inside.slice(0, budget)) w = editInside(w, e.kind, e.at, e.letter);
          const edits = Math.min(inside.length, budget);
          const anchor = anchorAnnotation(a, w.text);
          assert.notEqual(anchor.status, 'detached', `${edits} edit(s) within the budget of ${budget}`);
          assert.ok(
            Math.abs(anchor.start - w.start) <= edits && Math.abs(anchor.end - w.end) <= edits,
            `anchored at [${anchor.start}, ${anchor.end}), the passage is at [${w.start}, ${w.end})`,
          );
        },
      ),
      { numRuns: 300, seed: 12 },
    );
  });

  test('edits inside the quote and anywhere around it never give a wrong location (detached at worst)', () => {
    fc.assert(
      fc.property(
        worldArb,
        fc.array(insideEditArb, { maxLength: 8 }),
        fc.array(editArb, { maxLength: 8 }),
        (world, inside, away) => {
          const a = createAnnotation(world.text, world.start, world.end, 'blue');
          let w = away.reduce((x, e) => editAway(x, e), world);
          for (const e of inside) w = editInside(w, e.kind, e.at, e.letter);
          const anchor = anchorAnnotation(a, w.text);
          if (anchor.status === 'detached') return;
          assert.ok(
            anchor.start < w.end && anchor.end > w.start,
            `anchored at [${anchor.start}, ${anchor.end}), the passage is at [${w.start}, ${w.end})`,
          );
        },
      ),
      { numRuns: 300, seed: 13 },
    );
  });

  test('recovered share by edit rate (random texts), and no wrong location', (t) => {
    const rates = [0.05, 0.1, 0.15, 0.2, 0.3];
    const samples = fc.sample(
      fc.tuple(
        worldArb,
        fc.array(insideEditArb, { minLength: 40, maxLength: 40 }),
        fc.array(editArb, { maxLength: 4 }),
      ),
      { numRuns: 300, seed: 42 },
    );
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
      t.diagnostic(
        `edit rate ${Math.round(rate * 100)}%: recovered ${((100 * recovered) / samples.length).toFixed(1)}%, wrong location ${wrong} of ${samples.length}`,
      );
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
      fc.record({
        paper: fc.nat(abstracts.length - 1),
        first: fc.nat(),
        words: fc.integer({ min: 3, max: 12 }),
        inside: fc.array(insideEditArb, { minLength: 60, maxLength: 60 }),
        away: fc.array(editArb, { maxLength: 3 }),
      }),
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
      t.diagnostic(
        `seed abstracts, edit rate ${Math.round(rate * 100)}%: recovered ${((100 * recovered) / cases.length).toFixed(1)}%, elsewhere ${wrong} of ${cases.length}`,
      );
      if (rate <= 0.1) assert.equal(recovered, cases.length, `every passage edited at ${rate * 100}% is found`);
      assert.equal(wrong, 0);
    }
  });
});
