import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { distinctTitles } from '../../../../src/core/titles';

const A =
  'Graph neural networks predict molecular properties. We train graph neural networks on quantum chemistry ' +
  'datasets and predict molecular solubility with small error.';
const B =
  'Graph neural networks route traffic. We train graph neural networks on road sensor networks and forecast ' +
  'congestion in city traffic for the next hour.';
const C = 'Graph neural networks are studied. We study graph neural networks.';

describe('distinctTitles', () => {
  test('papers with the same derived title are told apart by what their abstracts say', () => {
    const titles = [{ title: 'Graph neural networks' }, { title: 'Graph neural networks' }, { title: 'Other' }];
    const out = distinctTitles(titles, [A, B, 'Something else entirely.']);
    assert.equal(new Set(out.map((t) => t.title.toLowerCase())).size, 3);
    assert.match(out[0].title, /^Graph neural networks \(.+\)$/);
    assert.match(out[1].title, /^Graph neural networks \(.+\)$/);
    assert.doesNotMatch(out[0].title, /\(\d+\)$/);
    assert.equal(out[2], titles[2], 'a title no other paper has is kept as it is');
    assert.equal(titles[0].title, 'Graph neural networks', 'the input is not changed');
  });

  test('a title a file gives is kept; the derived title beside it changes', () => {
    const out = distinctTitles(
      [{ title: 'Graph Neural Networks' }, { title: 'Graph neural networks' }],
      [A, B],
      [true],
    );
    assert.equal(out[0].title, 'Graph Neural Networks');
    assert.notEqual(out[1].title.toLowerCase(), 'graph neural networks');
  });

  test('abstracts with nothing apart are numbered, and no new title takes one already there', () => {
    const titles = [
      { title: 'Graph neural networks' },
      { title: 'Graph neural networks' },
      { title: 'Graph neural networks (2)' },
    ];
    const out = distinctTitles(titles, [C, C, C]);
    assert.equal(new Set(out.map((t) => t.title.toLowerCase())).size, 3, out.map((t) => t.title).join(' | '));
  });

  test('a thousand papers with one title get a thousand titles', () => {
    const titles = Array.from({ length: 1000 }, () => ({ title: 'Training data' }));
    const abstracts = Array.from({ length: 1000 }, (_, i) => `Training data of kind ${i} is scarce. We collect it.`);
    const out = distinctTitles(titles, abstracts);
    assert.equal(new Set(out.map((t) => t.title.toLowerCase())).size, 1000);
  });
});
