import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { edgeText, placeView, positionOf, ReadingList, stepIn } from '../../../../src/features/paperPanel/readingList';

const day: ReadingList = { label: 'New › Today', ids: ['a', 'b', 'c', 'd'], groupId: 'new/1' };

describe('positionOf', () => {
  test('trusts the hint when it is right, else finds the paper', () => {
    assert.equal(positionOf(day, 'c', 2), 2);
    assert.equal(positionOf(day, 'c', 0), 2);
    assert.equal(positionOf(day, 'c', 99), 2);
    assert.equal(positionOf(day, 'zz', 1), -1);
  });
});

describe('stepIn', () => {
  test('steps to the next and the previous paper', () => {
    assert.deepEqual(stepIn(day, 'b', 1, 1), { id: 'c', index: 2 });
    assert.deepEqual(stepIn(day, 'b', 1, -1), { id: 'a', index: 0 });
  });

  test('says it is at an edge instead of wrapping round', () => {
    assert.deepEqual(stepIn(day, 'd', 3, 1), { edge: 'last' });
    assert.deepEqual(stepIn(day, 'a', 0, -1), { edge: 'first' });
  });

  test('skips papers gone from the library since the list was taken', () => {
    const exists = (id: string) => id !== 'b' && id !== 'c';
    assert.deepEqual(stepIn(day, 'a', 0, 1, exists), { id: 'd', index: 3 });
    assert.deepEqual(stepIn(day, 'd', 3, -1, exists), { id: 'a', index: 0 });
    assert.deepEqual(stepIn(day, 'd', 3, 1, exists), { edge: 'last' });
  });

  test('from a paper outside the list (a related one), steps back into it around the last paper shown', () => {
    assert.deepEqual(stepIn(day, 'elsewhere', 1, 1), { id: 'c', index: 2 });
    assert.deepEqual(stepIn(day, 'elsewhere', 1, -1), { id: 'b', index: 1 });
  });

  test('a paper listed twice steps from the place the view is at, not its first occurrence', () => {
    const twice: ReadingList = { label: 'Tag', ids: ['a', 'b', 'a', 'c'] };
    assert.deepEqual(stepIn(twice, 'a', 2, 1), { id: 'c', index: 3 });
  });

  test('takes no search through a long list when the hint is right', () => {
    const ids = Array.from({ length: 100_000 }, (_, i) => `p${i}`);
    const long: ReadingList = { label: 'All', ids };
    let looked = 0;
    const exists = () => (looked++, true);
    assert.deepEqual(stepIn(long, 'p99998', 99_998, 1, exists), { id: 'p99999', index: 99_999 });
    assert.equal(looked, 1);
  });
});

describe('placeView and edgeText', () => {
  test('show the position, the list and which steps there are', () => {
    assert.deepEqual(
      placeView({ list: day, index: 0 }, 'a', () => true),
      {
        label: 'New › Today',
        position: '1 of 4',
        hasPrevious: false,
        hasNext: true,
      },
    );
    assert.equal(placeView({ list: day, index: 1 }, 'elsewhere', () => true).position, '');
  });

  test('name the list at its edges', () => {
    assert.match(edgeText(day, 'last'), /last paper of New › Today: there is no next one/);
    assert.match(edgeText(day, 'first'), /first paper of New › Today: there is no previous one/);
  });
});
