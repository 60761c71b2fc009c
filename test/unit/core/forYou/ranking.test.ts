import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { forYouScorer, PaperSignal, PaperVectors, rankedBatch, rankForYou } from '../../../../src/core/forYou';
import { kindOf, madeUpLibrary, shareAbove, signal } from '../../../helpers/forYouLibrary';

const KINDS = ['a', 'b', 'c', 'd'];
const all = (v: PaperVectors) => ({ limit: v.ids.length });

describe('rankForYou', () => {
  test('without a positive signal the ranking is empty and says so', () => {
    const v = madeUpLibrary(KINDS, 20);
    assert.deepEqual(rankForYou(v, []), { papers: [], positives: 0, negatives: 0 });
    const onlyNegative = rankForYou(v, [...signal('read', 'a1', 'b1'), ...signal('notInterested', 'c1')]);
    assert.deepEqual(onlyNegative, { papers: [], positives: 0, negatives: 3 });
  });

  test('signals on papers the library does not have are not counted', () => {
    const v = madeUpLibrary(KINDS, 20);
    const r = rankForYou(v, [...signal('starred', 'a1', 'gone'), ...signal('read', 'elsewhere')]);
    assert.equal(r.positives, 1);
    assert.equal(r.negatives, 0);
  });

  for (const kind of ['starred', 'linked', 'noted', 'highlighted'] as const)
    test(`papers ${kind} of one kind bring that kind first`, () => {
      for (const target of KINDS) {
        const v = madeUpLibrary(KINDS, 20, KINDS.indexOf(target) + 7);
        const marked = [0, 1, 2].map((j) => `${target}${j}`);
        const r = rankForYou(v, signal(kind, ...marked), all(v));
        assert.equal(r.positives, 3);
        const firsts = r.papers.slice(0, 17).map((p) => kindOf(p.id));
        assert.deepEqual(firsts, Array(17).fill(target), `${kind} ${target}: ${firsts.join(' ')}`);
      }
    });

  test('a paper with any signal is never ranked', () => {
    const v = madeUpLibrary(KINDS, 10);
    const signals: PaperSignal[] = [
      ...signal('starred', 'a0', 'a1'),
      ...signal('read', 'a2', 'b3'),
      ...signal('notInterested', 'a3'),
      { id: 'c4', kind: 'tagged', tag: 'other' },
    ];
    const r = rankForYou(v, signals, all(v));
    const signalled = new Set(signals.map((s) => s.id));
    assert.equal(r.papers.length, v.ids.length - signalled.size);
    assert.ok(r.papers.every((p) => !signalled.has(p.id)));
  });

  test('papers like the ones marked not interested, or read without a mark, move down', () => {
    const v = madeUpLibrary(KINDS, 20, 3);
    const stars = [...signal('starred', 'a0', 'a1', 'b0', 'b1')];
    // the papers of kind b no signal below touches, against those of kind a
    const bs = Array.from({ length: 12 }, (_, j) => `b${j + 8}`);
    const as = Array.from({ length: 18 }, (_, j) => `a${j + 2}`);
    const before = shareAbove(rankForYou(v, stars, all(v)).papers, bs, as);
    const notInterested = rankForYou(v, [...stars, ...signal('notInterested', 'b2', 'b3', 'b4')], all(v));
    const read = rankForYou(v, [...stars, ...signal('read', 'b2', 'b3', 'b4')], all(v));
    assert.equal(notInterested.negatives, 3);
    const afterNotInterested = shareAbove(notInterested.papers, bs, as);
    const afterRead = shareAbove(read.papers, bs, as);
    assert.ok(afterNotInterested < before - 0.2, `not interested: ${before} → ${afterNotInterested}`);
    assert.ok(afterRead < before, `read: ${before} → ${afterRead}`);
    assert.ok(afterRead > afterNotInterested, 'read weighs less than not interested');
  });

  test('with a tag, only the papers with that tag are positives', () => {
    const v = madeUpLibrary(KINDS, 20, 5);
    const signals: PaperSignal[] = [
      ...signal('starred', 'a0', 'a1', 'a2', 'a3'),
      { id: 'c0', kind: 'tagged', tag: 'diffusion' },
      { id: 'c1', kind: 'tagged', tag: 'diffusion' },
      { id: 'd0', kind: 'tagged', tag: 'other' },
    ];
    const untagged = rankForYou(v, signals, { limit: 10 });
    assert.ok(untagged.papers.every((p) => kindOf(p.id) !== 'c' || untagged.papers.length === 0));
    const tagged = rankForYou(v, signals, { tag: 'diffusion', limit: 10 });
    assert.equal(tagged.positives, 2);
    assert.deepEqual(
      tagged.papers.map((p) => kindOf(p.id)),
      Array(10).fill('c'),
    );
    assert.ok(tagged.papers.every((p) => p.because.every((b) => b.signal === 'tagged')));
    assert.deepEqual(rankForYou(v, signals, { tag: 'nothing tagged so' }).papers, []);
  });

  test('starred and not interested on one paper: not interested wins, the paper is never a reason', () => {
    const v = madeUpLibrary(KINDS, 20, 9);
    const signals = [...signal('starred', 'a0', 'a1', 'b0'), ...signal('notInterested', 'b0')];
    const r = rankForYou(v, signals, all(v));
    assert.equal(r.positives, 2);
    assert.equal(r.negatives, 1);
    assert.ok(r.papers.every((p) => p.id !== 'b0' && p.because.every((b) => b.id !== 'b0')));
    const withStarOnly = rankForYou(v, signal('starred', 'a0', 'a1', 'b0'), all(v));
    const bs = Array.from({ length: 19 }, (_, j) => `b${j + 1}`);
    const as = Array.from({ length: 18 }, (_, j) => `a${j + 2}`);
    assert.ok(shareAbove(r.papers, bs, as) < shareAbove(withStarOnly.papers, bs, as));
  });

  test('starred and read on one paper: a positive (reading comes before starring)', () => {
    const v = madeUpLibrary(KINDS, 20, 11);
    const r = rankForYou(v, [...signal('starred', 'c0', 'c1'), ...signal('read', 'c0', 'c1')], { limit: 5 });
    assert.equal(r.positives, 2);
    assert.equal(r.negatives, 0);
    assert.deepEqual(
      r.papers.map((p) => kindOf(p.id)),
      Array(5).fill('c'),
    );
  });

  test('each reason names the closest signal papers, with their signal and linked file', () => {
    const v = madeUpLibrary(KINDS, 20, 13);
    const signals: PaperSignal[] = [
      ...signal('starred', 'a0', 'a1'),
      { id: 'b0', kind: 'linked', file: 'src/train.py' },
      { id: 'b0', kind: 'read' },
      ...signal('noted', 'b1'),
      ...signal('highlighted', 'c0'),
    ];
    const r = rankForYou(v, signals, { ...all(v), reasons: 2 });
    for (const p of r.papers) {
      assert.equal(p.because.length, 2);
      if (kindOf(p.id) !== 'd') assert.equal(kindOf(p.because[0].id), kindOf(p.id), `${p.id}: ${p.because[0].id}`);
    }
    const b = r.papers.find((p) => kindOf(p.id) === 'b')!;
    assert.deepEqual(new Set(b.because.map((x) => x.id)), new Set(['b0', 'b1']));
    assert.deepEqual(
      b.because.find((x) => x.id === 'b0'),
      { id: 'b0', signal: 'linked', file: 'src/train.py' },
    );
    assert.equal(rankForYou(v, signals, { limit: 1 }).papers[0].because.length, 3, 'three reasons by default');
  });

  test('only the candidates are ranked, and the limit holds', () => {
    const v = madeUpLibrary(KINDS, 20, 17);
    const candidates = new Set(['a5', 'b5', 'c5', 'd5', 'a6', 'a0']);
    const r = rankForYou(v, signal('starred', 'a0', 'a1'), { candidates });
    assert.deepEqual(new Set(r.papers.map((p) => p.id)), new Set(['a5', 'b5', 'c5', 'd5', 'a6']));
    assert.deepEqual(new Set(r.papers.slice(0, 2).map((p) => p.id)), new Set(['a5', 'a6']));
    assert.equal(rankForYou(v, signal('starred', 'a0'), { limit: 7 }).papers.length, 7);
    assert.equal(rankForYou(v, signal('starred', 'a0')).papers.length, 20, 'twenty by default');
  });

  test('scores fall down the ranking, and the same signals give the same ranking', () => {
    const v = madeUpLibrary(KINDS, 30, 19);
    const signals = [...signal('starred', 'a0', 'b0', 'b1'), ...signal('read', 'c0', 'd0')];
    const r = rankForYou(v, signals, all(v));
    for (let i = 1; i < r.papers.length; i++) assert.ok(r.papers[i - 1].score >= r.papers[i].score);
    assert.deepEqual(rankForYou(v, [...signals].reverse(), all(v)), r);
  });
});

describe('rankedBatch', () => {
  test("a batch's papers like the starred ones come first; signalled papers follow in the batch's order", () => {
    const v = madeUpLibrary(KINDS, 20, 5);
    const scorer = forYouScorer(v, [...signal('starred', 'a0', 'a1', 'a2'), ...signal('read', 'c9')]);
    const batch = ['d3', 'c9', 'b4', 'a7', 'c5', 'a8', 'd6', 'a9', 'a1'];
    const { order, ranked } = rankedBatch(scorer, batch);
    assert.deepEqual(order.slice(0, 3).map(kindOf), ['a', 'a', 'a'], order.join(' '));
    assert.deepEqual(order.slice(-2), ['c9', 'a1'], 'the read and the starred paper last, as the batch lists them');
    assert.deepEqual([...order].sort(), [...batch].sort());
    assert.equal(ranked.length, batch.length - 2);
    assert.ok(ranked.every((p) => p.because.length > 0));
  });

  test('without a signal to rank by, the batch as it is', () => {
    const v = madeUpLibrary(KINDS, 10);
    const batch = ['d3', 'b4', 'a7'];
    assert.deepEqual(rankedBatch(forYouScorer(v, []), batch), { order: batch, ranked: [] });
  });
});
