import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  contentWords,
  isCommonplace,
  isCommonplaceInSample,
  judgeLabels,
  labelParts,
  labelReadings,
} from '../../../../src/core/themes/labelLift';

describe('labelParts', () => {
  test('lower-cased, split on commas, "and" and "for", stop words dropped, plurals folded', () => {
    assert.deepEqual(labelParts('Graph and nodes'), [' graph ', ' node ']);
    assert.deepEqual(labelParts('Robots, the grasping of objects'), [' robot ', ' grasping object ']);
    assert.deepEqual(labelParts('Android apps'), [' android app '], '"and" inside a word does not split');
    assert.deepEqual(labelParts('Diffusion for planning'), [' diffusion ', ' planning ']);
  });
});

describe('isCommonplace', () => {
  test('a phrase at least twice as frequent inside the theme as outside, and rare outside, is specific', () => {
    assert.equal(isCommonplace(8, 10, 10, 100), false, '80% inside, 2/90 outside');
    assert.equal(isCommonplace(10, 10, 10, 100), false, 'used by the theme only');
  });

  test('a phrase hardly more frequent inside than outside is a commonplace', () => {
    assert.equal(isCommonplace(6, 10, 36, 100), true, '60% inside, 30/90 = 33% outside');
    assert.equal(isCommonplace(4, 10, 26, 100), true, '40% inside, 22/90 = 24% outside');
    assert.equal(isCommonplace(3, 10, 12, 100), false, '30% inside, 9/90 = 10% outside: three times as frequent');
  });

  test('a phrase a quarter of the other papers use is a commonplace whatever its ratio', () => {
    assert.equal(isCommonplace(10, 10, 35, 100), true, 'all of the theme, 25/90 outside');
  });

  test('a theme that is all the papers has nothing to be told apart from; a phrase it does not use is no label', () => {
    assert.equal(isCommonplace(5, 10, 5, 10), false);
    assert.equal(isCommonplace(0, 10, 3, 100), true);
  });
});

describe('isCommonplaceInSample', () => {
  test('a phrase that only just passes on a small sample is a commonplace: the share inside is read at its low end', () => {
    // 5 of 20 inside (25%), 10 of 100 outside (10%): 2.5 times as frequent on the sample, not surely twice
    assert.equal(isCommonplace(5, 20, 15, 120), false);
    assert.equal(isCommonplaceInSample(5, 20, 15, 120), true);
  });

  test('the same shares seen on more papers, or a phrase far more frequent inside, stay specific', () => {
    assert.equal(isCommonplaceInSample(50, 200, 150, 1200), false, '25% against 10% on 200 papers');
    assert.equal(isCommonplaceInSample(8, 20, 13, 120), false, '40% inside against 5% outside');
  });
});

describe('judgeLabels', () => {
  const abstracts = [
    'Graph neural networks for molecules.',
    'A graph kernel for neural networks.',
    'Message passing on graph data.',
    'Convolutional neural networks for images.',
    'Neural networks for speech.',
    'Image segmentation with neural networks.',
    'Reinforcement learning for control.',
    'Robots learn control policies.',
  ];
  const words = abstracts.map(contentWords);
  const all = abstracts.map((_, i) => i);

  test('counts the papers using each part inside the theme and among all, and the ratio of the shares', () => {
    const [graph, nets] = judgeLabels(
      [
        { label: 'Graph', members: [0, 1, 2], among: all },
        { label: 'Neural networks', members: [3, 4, 5], among: all },
      ],
      words,
    );
    assert.deepEqual(
      { inTheme: graph.parts[0].inTheme, inAll: graph.parts[0].inAll, ratio: graph.parts[0].ratio },
      { inTheme: 3, inAll: 3, ratio: Infinity },
    );
    assert.equal(graph.commonplace, false);
    assert.equal(nets.parts[0].inTheme, 3);
    assert.equal(nets.parts[0].inAll, 5, '"neural networks" also occurs in two graph papers');
    assert.ok(Math.abs(nets.parts[0].ratio - 1 / (2 / 5)) < 1e-12);
    assert.equal(nets.commonplace, true, '2 of the 5 other papers use it');
  });

  test('the words of a part must be in a row: "learning control" is not "learning for control" reversed', () => {
    const [j] = judgeLabels([{ label: 'Control learning', members: [6, 7], among: all }], words);
    assert.equal(j.parts[0].inTheme, 0);
    assert.equal(j.commonplace, true);
  });

  test('a subtheme is judged among its broad theme only', () => {
    const [j] = judgeLabels([{ label: 'Robots', members: [7], among: [6, 7] }], words);
    assert.deepEqual([j.parts[0].inAll, j.commonplace], [1, false]);
  });
});

describe('labelReadings', () => {
  test('"A and B head" is also read as two phrases sharing the head', () => {
    assert.deepEqual(labelReadings('Image and semantic segmentation'), [
      [' image ', ' semantic segmentation '],
      [' image segmentation ', ' semantic segmentation '],
    ]);
    assert.deepEqual(labelReadings('Graph and nodes'), [[' graph ', ' node ']], 'no shared head');
  });

  test('"A B and C" is also read as two phrases sharing the modifier', () => {
    assert.deepEqual(labelReadings('Image editing and generation'), [
      [' image editing ', ' generation '],
      [' image editing ', ' image generation '],
    ]);
  });

  test('a label is judged by its most favourable reading', () => {
    const words = [
      'image segmentation of cells',
      'semantic segmentation of roads',
      'image classification',
      'image retrieval',
    ].map(contentWords);
    const [j] = judgeLabels(
      [{ label: 'Image and semantic segmentation', members: [0, 1], among: [0, 1, 2, 3] }],
      words,
    );
    assert.deepEqual(
      j.parts.map((p) => p.phrase),
      ['image segmentation', 'semantic segmentation'],
    );
    assert.equal(j.commonplace, false, '"image" alone is in every other paper; "image segmentation" in none');
  });
});

describe('labelParts keeps the case tokenizing needs', () => {
  test('an acronym in the plural folds as in the abstracts ("WSIs" is "wsi")', () => {
    assert.deepEqual(labelParts('Slides and WSIs'), [' slide ', ' wsi ']);
    assert.deepEqual(labelParts('Agents AND Tools'), [' agent ', ' tool ']);
  });
});
