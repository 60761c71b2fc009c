import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Theme } from '../../../../src/core/papers';
import { arxivFieldModel } from '../../../../src/core/fields';
import { groupByTheme } from '../../../../src/core/themes/themes';
import {
  keptBroadThemes,
  keptLabels,
  readPrevious,
  warmClusters,
  warmCount,
  warmStart,
} from '../../../../src/core/themes/previousGrouping';
import { madeUpRingOfTopics } from '../../../helpers/madeUpCorpus';
import { assertPartition, keptInTheme } from '../../../helpers/themeChecks';

/** Unit rows (n × d) near the axes given, one row per entry, a little apart from each other. */
function rowsNear(axes: number[], d: number): Float32Array {
  const X = new Float32Array(axes.length * d);
  axes.forEach((axis, i) => {
    X[i * d + axis] = 1;
    X[i * d + ((axis + 1 + (i % (d - 1))) % d)] = 0.1 + 0.01 * (i % 7);
    let s = 0;
    for (let j = 0; j < d; j++) s += X[i * d + j] ** 2;
    for (let j = 0; j < d; j++) X[i * d + j] /= Math.sqrt(s);
  });
  return X;
}

describe('readPrevious', () => {
  test("each paper's broad and leaf theme; the user's themes and papers it did not have left out; two levels told", () => {
    const themes: Theme[] = [
      { id: 'cv', label: 'Computer Vision', field: 'cs.CV', paperIds: [] },
      { id: 'gs', label: 'Gaussian Splatting', parent: 'cv', paperIds: ['a', 'b'] },
      { id: 'seg', label: 'Segmentation', parent: 'cv', paperIds: ['c', 'a'] },
      { id: 'qp', label: 'Quantum Physics', field: 'quant-ph', paperIds: ['d'] },
      { id: 'mine', label: 'Mine', user: true, paperIds: ['e'] },
    ];
    const p = readPrevious(themes, ['a', 'b', 'c', 'd', 'e', 'new']);
    assert.equal(p.twoLevel, true);
    assert.deepEqual(p.broad, [
      { label: 'Computer Vision', field: 'cs.CV' },
      { label: 'Quantum Physics', field: 'quant-ph' },
    ]);
    assert.deepEqual([...p.broadOf], [0, 0, 0, 1, -1, -1]);
    assert.deepEqual([...p.leafOf], [1, 1, 2, 3, -1, -1], 'a paper counts in its first theme');
    assert.equal(readPrevious([{ id: 't', label: 'T', paperIds: ['a'] }], ['a']).twoLevel, false);
  });
});

describe('keptLabels', () => {
  // papers 0-3 were in "Old A", 4-7 in "Old B", 8-9 in "Old C"; 10-11 are new
  const previous = readPrevious(
    [
      { id: 'a', label: 'Old A', paperIds: ['0', '1', '2', '3'] },
      { id: 'b', label: 'Old B', paperIds: ['4', '5', '6', '7'] },
      { id: 'c', label: 'Old C', paperIds: ['8', '9'] },
    ],
    Array.from({ length: 12 }, (_, i) => String(i)),
  );
  const key = (l: string) => l.toLowerCase();

  test('a topic found again keeps its label (new papers never count against it); a split or a mix is labelled afresh', () => {
    const labels = keptLabels(
      [
        { label: 'Fresh A', members: [0, 1, 2, 10, 11] }, // 3 of Old A's 4, and two new papers
        { label: 'Fresh B1', members: [4, 5] }, // half of Old B: kept
        { label: 'Fresh B2', members: [6, 7] }, // the other half: Old B is taken
        { label: 'Fresh mix', members: [3, 8, 9] }, // all of Old C, but only 2 of its 3 known papers: kept
      ],
      previous,
      key,
    );
    assert.deepEqual(labels, ['Old A', 'Old B', 'Fresh B2', 'Old C']);
    const mixed = keptLabels([{ label: 'Fresh', members: [0, 4, 8] }], previous, key);
    assert.deepEqual(mixed, ['Fresh'], 'a third of each: no topic found again');
  });

  test("a kept label that reads as a sibling's is not kept", () => {
    const labels = keptLabels(
      [
        { label: 'Fresh A', members: [0, 1, 2, 3] },
        { label: 'old a', members: [10, 11] }, // new papers only, labelled afresh as the old topic was
      ],
      previous,
      key,
    );
    assert.deepEqual(labels, ['Fresh A', 'old a']);
  });
});

describe('warmClusters', () => {
  const d = 6;
  const axes = [...Array<number>(20).fill(0), ...Array<number>(20).fill(1), ...Array<number>(20).fill(2)];
  const X = rowsNear(axes, d);

  test('keeps a sound previous partition, and moves a paper that fits its topic poorly to the one it fits', () => {
    const seedOf = Int32Array.from(axes);
    assert.deepEqual(warmClusters(X, 60, d, 3, { seedOf, count: 3 }, 1, 600), axes);
    seedOf[5] = 1; // a paper of the first topic put in the second
    assert.deepEqual(warmClusters(X, 60, d, 3, { seedOf, count: 3 }, 1, 600), axes);
  });

  test('papers without a previous topic join the nearest; with more topics wanted, a group of them is one', () => {
    const more = [...axes, ...Array<number>(12).fill(3)];
    const Y = rowsNear(more, d);
    const seedOf = Int32Array.from(more, (a) => (a === 3 ? -1 : a));
    const three = warmClusters(Y, more.length, d, 3, { seedOf, count: 3 }, 1, 600);
    assert.deepEqual(three.slice(0, 60), axes);
    assert.equal(new Set(three).size, 3);
    const four = warmClusters(Y, more.length, d, 4, { seedOf, count: 3 }, 1, 600);
    assert.deepEqual(four, more, 'the new papers are a topic of their own');
  });

  test('with fewer than two previous topics, the fresh clustering; never fewer topics than before', () => {
    const seedOf = new Int32Array(60).fill(-1);
    assert.equal(new Set(warmClusters(X, 60, d, 3, { seedOf, count: 0 }, 1, 600)).size, 3);
    assert.equal(warmCount(2, { seedOf, count: 5 }), 5);
    assert.equal(warmCount(7, { seedOf, count: 5 }), 7);
    assert.equal(warmCount(7, { seedOf, count: 1 }), 7);
    assert.equal(warmCount(7, undefined), 7);
  });

  test('warmStart numbers the previous topics of the members, leaving out those with too few of them', () => {
    const p = readPrevious(
      [
        { id: 'x', label: 'X', paperIds: ['a', 'b', 'c', 'd'] },
        { id: 'y', label: 'Y', paperIds: ['e', 'f'] },
        { id: 'z', label: 'Z', paperIds: ['g', 'h', 'i'] },
      ],
      ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'new'],
    );
    const w = warmStart(p, [9, 8, 7, 6, 5, 4, 3, 2, 1, 0], 'leaf');
    assert.deepEqual([...w.seedOf], [-1, 0, 0, 0, -1, -1, 1, 1, 1, 1]);
    assert.equal(w.count, 2);
  });
});

describe('groupByTheme with the previous grouping (a regroup)', () => {
  const all = madeUpRingOfTopics(330, 24);
  const library = all.slice(0, 300);
  const before = groupByTheme(library);

  test('a tenth more papers: the old papers keep their topics (a fresh grouping moves about one in eight)', () => {
    const after = groupByTheme(all, { previous: before });
    assertPartition(
      after,
      all.map((p) => p.id),
    );
    const kept = keptInTheme(
      library.map((p) => p.id),
      before,
      after,
    );
    assert.ok(kept >= 0.97, `${(100 * kept).toFixed(1)}% of the old papers kept their theme`);
    assert.equal(new Set(after.map((t) => t.label.toLowerCase())).size, after.length, 'labels distinct');
    // a topic found again keeps its name
    const keptAs = before.filter((t) => {
      const again = after.find(
        (a) => a.paperIds.filter((id) => t.paperIds.includes(id)).length >= t.paperIds.length / 2,
      );
      return again !== undefined && again.label === t.label;
    });
    assert.ok(keptAs.length >= before.length - 1, `${keptAs.length} of ${before.length} topics kept their label`);
  });

  test('a regroup of the same papers from its own grouping changes nothing', () => {
    const once = groupByTheme(all, { previous: before });
    assert.deepEqual(groupByTheme(all, { previous: once }), once);
  });
});

describe('keptBroadThemes', () => {
  test('the previous broad themes keep their papers; a newcomer joins its field, makes it, or joins the nearest', () => {
    const texts = [
      'old paper one',
      'old paper two',
      'old paper three',
      'We present a transformer language model for machine translation between low-resource languages, trained on parallel corpora with subword tokenization, and evaluate it with BLEU on benchmark datasets.',
      'We study the entanglement of superconducting qubits coupled to a microwave resonator. A quantum error correction code protects the logical qubit against decoherence, and we measure the fidelity of two-qubit gates on the quantum processor.',
      'We study kazolo mipelru and tevozan in dorfigu. Our shobrenix improves kalomi rutevo.',
    ];
    const X = Float32Array.from([1, 0, 1, 0, 0, 1, 1, 0, 1, 0, 0, 1]);
    const previous = readPrevious(
      [
        { id: 'cl', label: 'Computation and Language', field: 'cs.CL', paperIds: ['o1', 'o2'] },
        { id: 'odd', label: 'Odd things', paperIds: ['o3'] },
        { id: 'gone', label: 'Gone', field: 'math.AP', paperIds: ['left'] },
      ],
      ['o1', 'o2', 'o3', 'cl-new', 'qp-new', 'odd-new'],
    );
    const kept = keptBroadThemes(arxivFieldModel(), texts, X, 2, previous);
    assert.deepEqual(kept, [
      { label: 'Computation and Language', field: 'cs.CL', members: [0, 1, 3] },
      { label: 'Odd things', members: [2, 5] },
      { label: 'Quantum Physics', field: 'quant-ph', members: [4] },
    ]);
  });
});
