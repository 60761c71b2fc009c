import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { labelLifts, labelMatches, labelParts, wordSet } from '../../../../src/core/themes/labelLift';

describe('labelParts', () => {
  test('lower-cased, split on commas and "and", stop words dropped, plurals folded', () => {
    assert.deepEqual(labelParts('Graph and nodes'), [['graph'], ['node']]);
    assert.deepEqual(labelParts('Robots, the grasping of objects'), [['robot'], ['grasping', 'object']]);
    assert.deepEqual(labelParts('Android apps'), [['android', 'app']], '"and" inside a word does not split');
  });

  test('a part matches when all its content words occur in the abstract', () => {
    const parts = labelParts('Protein folding and docking');
    assert.ok(labelMatches(parts, wordSet('We fold nothing; docking of ligands.')));
    assert.ok(labelMatches(parts, wordSet('Folding of proteins.')));
    assert.ok(!labelMatches(parts, wordSet('Protein design.')), 'one word of a two-word part is not enough');
  });
});

describe('labelLifts', () => {
  test('lift = share inside the theme / share in the library, from the counts', () => {
    const abstracts = [
      'Graph neural networks for molecules.',
      'A graph kernel.',
      'Message passing on graph data.',
      'Convolutional networks for images.',
      'Neural networks for speech.',
      'Image segmentation with neural networks.',
      'Reinforcement learning for control.',
      'Robots learn control policies.',
    ];
    const words = abstracts.map(wordSet);
    const themes = [
      { label: 'Graph', members: [0, 1, 2] },
      { label: 'Neural networks', members: [3, 4, 5] },
      { label: 'Control', members: [6, 7] },
    ];
    const lifts = labelLifts(themes, words);
    const count = (pred: (text: string) => boolean, ids: number[]) => ids.filter((i) => pred(abstracts[i])).length;
    const all = abstracts.map((_, i) => i);
    const expected = themes.map(({ members, label }) => {
      const has = (t: string) =>
        label
          .toLowerCase()
          .split(' ')
          .every((w) => t.toLowerCase().includes(w));
      return count(has, members) / members.length / (count(has, all) / all.length);
    });
    lifts.forEach((l, i) => assert.ok(Math.abs(l.lift - expected[i]) < 1e-12, l.label));
    assert.equal(lifts[0].inTheme, 3);
    assert.equal(lifts[1].inLibrary, 3, '"neural networks" also occurs outside its theme');
    assert.ok(lifts[1].lift < lifts[0].lift);
  });

  test('a label no paper contains has lift 0', () => {
    assert.equal(labelLifts([{ label: 'Topology', members: [0] }], [wordSet('Graphs.')])[0].lift, 0);
  });
});
