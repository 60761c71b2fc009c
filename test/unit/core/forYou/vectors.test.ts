import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { examplesOf, forYouVectors, PaperVectors, rankForYou, TermRow } from '../../../../src/core/forYou';
import { decodeSnapshot, encodeSnapshot, fromSnapshot, toSnapshot } from '../../../../src/core/snapshot';
import { readText } from '../../../../src/core/vectors/embedding';
import { kindOf, madeUpLibrary, signal } from '../../../helpers/forYouLibrary';
import { analyzeFiles, madeUpAbstracts } from '../../../helpers/madeUpCorpus';

/** A term row with one term per kind, plus a shared one: what tells kinds apart that the LSA rows merge. */
function kindTerms(ids: readonly string[], kinds: string[]): (row: number) => TermRow {
  return (row) => ({
    indices: Uint32Array.of(0, 1 + kinds.indexOf(kindOf(ids[row]))),
    values: Float32Array.of(Math.SQRT1_2, Math.SQRT1_2),
  });
}

describe('the term rows of the ranking', () => {
  test('tell apart kinds whose LSA rows are alike', () => {
    // kinds a and x share their LSA direction (x's rows are a's); only the term rows differ
    const lsa = madeUpLibrary(['a', 'b'], 20, 21);
    const ids = [...lsa.ids, ...lsa.ids.slice(0, 20).map((id) => id.replace('a', 'x'))];
    const rows = new Float32Array(ids.length * lsa.dims);
    rows.set(lsa.rows);
    rows.set(lsa.rows.subarray(0, 20 * lsa.dims), 40 * lsa.dims);
    const withTerms: PaperVectors = { ids, rows, dims: lsa.dims, termRow: kindTerms(ids, ['a', 'b', 'x']) };
    const stars = signal('starred', 'x0', 'x1', 'x2');
    const ranked = rankForYou(withTerms, stars, { limit: 10 }).papers.map((p) => kindOf(p.id));
    assert.deepEqual(ranked, Array(10).fill('x'));
    const lsaOnly = rankForYou({ ids, rows, dims: lsa.dims }, stars, { limit: 10 }).papers.map((p) => kindOf(p.id));
    assert.ok(lsaOnly.includes('a'), `without term rows a and x are one kind: ${lsaOnly.join(' ')}`);
  });

  test("forYouVectors reads an analysis's LSA rows and each paper's TF-IDF row, after a restore too", () => {
    const analysis = analyzeFiles([{ path: 'a.txt', text: `Daily Papers\n\n${madeUpAbstracts().join('\n')}\n` }]);
    const restored = fromSnapshot(decodeSnapshot(encodeSnapshot(toSnapshot(analysis))));
    for (const a of [analysis, restored]) {
      const v = forYouVectors(a);
      assert.deepEqual(v.ids, analysis.related.ids);
      assert.deepEqual(v.rows, analysis.related.rows);
      const third = a.byId.get(v.ids[3])!;
      assert.deepEqual(v.termRow!(3), readText(analysis.model!.space, third.abstract).row);
      assert.equal(v.termRow!(3), v.termRow!(3), 'read once, then remembered');
    }
    const astro = analysis.papers.filter((p) => p.abstract.includes('in astro number')).map((p) => p.id);
    const r = rankForYou(forYouVectors(restored), signal('starred', astro[0], astro[1]), { limit: 4 });
    assert.deepEqual(new Set(r.papers.map((p) => p.id)), new Set(astro.slice(2)));
  });

  test('an analysis without a theme model gives LSA rows alone', () => {
    const analysis = analyzeFiles([{ path: 'a.txt', text: `Daily Papers\n\n${madeUpAbstracts().join('\n')}\n` }]);
    assert.equal(forYouVectors({ ...analysis, model: undefined }).termRow, undefined);
  });
});

describe('examplesOf', () => {
  test('a paper counts once, with its strongest positive signal', () => {
    const e = examplesOf([
      { id: 'p', kind: 'tagged', tag: 't' },
      { id: 'p', kind: 'linked', file: 'src/a.py' },
      { id: 'p', kind: 'starred' },
      { id: 'p', kind: 'read' },
      { id: 'q', kind: 'highlighted' },
    ]);
    assert.deepEqual(
      e.positives.map((x) => [x.id, x.signal!.kind]),
      [
        ['p', 'linked'],
        ['q', 'highlighted'],
      ],
    );
    assert.ok(e.positives[0].weight > e.positives[1].weight);
    assert.deepEqual(e.negatives, []);
  });

  test('not interested outweighs read; with a tag, other positives are neither', () => {
    const e = examplesOf(
      [
        { id: 'r', kind: 'read' },
        { id: 'n', kind: 'notInterested' },
        { id: 's', kind: 'starred' },
        { id: 't', kind: 'tagged', tag: 'diffusion' },
        { id: 'u', kind: 'tagged', tag: 'other' },
      ],
      'diffusion',
    );
    assert.deepEqual(
      e.positives.map((x) => x.id),
      ['t'],
    );
    const weight = new Map(e.negatives.map((x) => [x.id, x.weight]));
    assert.deepEqual([...weight.keys()].sort(), ['n', 'r']);
    assert.ok(weight.get('n')! > weight.get('r')!);
    assert.deepEqual([...e.signalled].sort(), ['n', 'r', 's', 't', 'u']);
  });

  // a crafted .papers file held 100,000 tags on one paper: signals are grouped by paper in linear time
  test(
    'one paper with 200,000 tags is one positive, in linear time (a hang would time out)',
    { timeout: 10_000 },
    () => {
      const tags = Array.from({ length: 200_000 }, (_, i) => ({ id: 'p', kind: 'tagged' as const, tag: `t${i}` }));
      const e = examplesOf([...tags, { id: 'q', kind: 'read' }]);
      assert.deepEqual(
        e.positives.map((x) => x.id),
        ['p'],
      );
      assert.deepEqual(
        e.negatives.map((x) => x.id),
        ['q'],
      );
    },
  );
});
