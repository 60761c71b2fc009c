import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { Arrivals, arrivalLabel } from '../../../../src/core/papers/arrivals';
import { readArrivals, serializeArrivals } from '../../../../src/core/papers/arrivalsFile';

const DAY = 24 * 60 * 60 * 1000;
/** Noon, local time, so that a day before or after is never the same day. */
const NOON = new Date(2026, 11, 2, 12, 0).getTime();

/** Arrivals after a first load of `first` and later loads of each list of `later` (each at the next hour). */
function loaded(first: string[], ...later: string[][]): Arrivals {
  const arrivals = new Arrivals();
  arrivals.recordLoad(first, NOON);
  later.forEach((ids, i) => arrivals.recordLoad(ids, NOON + (i + 1) * 3_600_000));
  return arrivals;
}

describe('Arrivals.recordLoad', () => {
  test('the first load makes everything known and nothing new', () => {
    const arrivals = new Arrivals();
    assert.equal(arrivals.hasStarted, false);
    assert.deepEqual(arrivals.recordLoad(['a', 'b'], NOON), { arrived: 0, left: 0 });
    assert.equal(arrivals.hasStarted, true);
    assert.equal(arrivals.knownCount, 2);
    assert.deepEqual(arrivals.newIds(), []);
  });

  test('a first load without papers still starts: the next load brings new papers', () => {
    const arrivals = loaded([], ['a']);
    assert.deepEqual(arrivals.newIds(), ['a']);
  });

  test('a later load makes the unknown ids new, in one batch stamped with the time given', () => {
    const arrivals = loaded(['a', 'b'], ['a', 'b', 'c', 'd']);
    assert.deepEqual(arrivals.batches(), [{ id: 1, at: NOON + 3_600_000, ids: ['c', 'd'] }]);
    assert.equal(arrivals.isNew('c'), true);
    assert.equal(arrivals.isNew('a'), false);
  });

  test('the same load again changes nothing', () => {
    const arrivals = loaded(['a'], ['a', 'b']);
    assert.deepEqual(arrivals.recordLoad(['a', 'b'], NOON + DAY), { arrived: 0, left: 0 });
    assert.equal(arrivals.batches().length, 1);
  });

  test('batches are listed newest first, and so are the new ids', () => {
    const arrivals = loaded(['a'], ['a', 'b', 'c'], ['a', 'b', 'c', 'd']);
    assert.deepEqual(
      arrivals.batches().map((b) => b.ids),
      [['d'], ['b', 'c']],
    );
    assert.deepEqual(arrivals.newIds(), ['d', 'b', 'c']);
    assert.equal(arrivals.batchIdOf('b'), 1);
  });

  test('new papers removed from the library leave the new set (an emptied batch goes); they stay known', () => {
    const arrivals = loaded(['a'], ['a', 'b', 'c'], ['a', 'b', 'c', 'd']);
    assert.deepEqual(arrivals.recordLoad(['a', 'c'], NOON + DAY), { arrived: 0, left: 2 });
    assert.deepEqual(arrivals.newIds(), ['c']);
    arrivals.recordLoad(['a', 'b', 'c', 'd'], NOON + 2 * DAY);
    assert.deepEqual(arrivals.newIds(), ['c'], 'back in the library, not new again');
  });

  test('membership in the library may be given as a function (the analysis has a map)', () => {
    const arrivals = loaded(['a'], ['a', 'b', 'c']);
    arrivals.recordLoad(['a', 'b', 'c'], NOON + DAY, (id) => id !== 'b');
    assert.deepEqual(arrivals.newIds(), ['c']);
  });
});

describe('Arrivals.markSeen, markBatchSeen, markAllSeen', () => {
  test('marking one paper seen takes it out of its batch; a batch left empty goes', () => {
    const arrivals = loaded(['a'], ['a', 'b', 'c'], ['a', 'b', 'c', 'd']);
    assert.deepEqual(arrivals.markSeen(['d', 'x']), { arrived: 0, left: 1 });
    assert.deepEqual(
      arrivals.batches().map((b) => b.id),
      [1],
    );
    assert.equal(arrivals.newCount, 2);
  });

  test('marking a batch seen leaves the other batches', () => {
    const arrivals = loaded(['a'], ['a', 'b', 'c'], ['a', 'b', 'c', 'd']);
    assert.deepEqual(arrivals.markBatchSeen(1), { arrived: 0, left: 2 });
    assert.deepEqual(arrivals.newIds(), ['d']);
    assert.deepEqual(arrivals.markBatchSeen(1), { arrived: 0, left: 0 });
  });

  test('marking all seen empties the new set; the next new papers get a new batch id', () => {
    const arrivals = loaded(['a'], ['a', 'b']);
    assert.deepEqual(arrivals.markAllSeen(), { arrived: 0, left: 1 });
    assert.deepEqual(arrivals.newIds(), []);
    arrivals.recordLoad(['a', 'b', 'e'], NOON + DAY);
    assert.deepEqual(
      arrivals.batches().map((b) => [b.id, b.ids]),
      [[2, ['e']]],
    );
  });
});

describe('serializeArrivals and readArrivals', () => {
  const ids12 = ['0123456789ab', 'ffffffffffff', '000000000000'];
  const ids16 = ['0123456789abcdef'];

  test('a state read back is the same state: known ids of any length, odd ids, batches and their times', () => {
    const arrivals = loaded([...ids12, 'odd-id'], [...ids12, 'odd-id', ...ids16, 'abc', 'Ünïcode"id']);
    arrivals.markSeen(['abc']);
    const back = readArrivals(serializeArrivals(arrivals));
    assert.equal(back.problem, undefined);
    assert.deepEqual(back.arrivals.batches(), arrivals.batches());
    assert.deepEqual(back.arrivals.toData().known.sort(), arrivals.toData().known.sort());
    back.arrivals.recordLoad([...arrivals.toData().known, 'zzz'], NOON + DAY);
    assert.deepEqual(
      back.arrivals.batches().map((b) => b.id),
      [2, 1],
      'batch ids go on where they were',
    );
  });

  test('a state written again after more ids became known holds them all (ids are packed once, then only the added ones)', () => {
    const arrivals = loaded(ids12);
    serializeArrivals(arrivals);
    arrivals.recordLoad([...ids12, ...ids16, 'odd-id'], NOON + DAY);
    const back = readArrivals(serializeArrivals(arrivals)).arrivals;
    assert.deepEqual(back.toData().known.sort(), [...ids12, ...ids16, 'odd-id'].sort());
    assert.deepEqual(back.newIds(), [...ids16, 'odd-id']);
  });

  test('a 12-digit id takes 8 characters of the text', () => {
    const few = loaded(['0123456789ab']);
    const more = loaded(['0123456789ab', 'ba9876543210']);
    assert.equal(serializeArrivals(more).length - serializeArrivals(few).length, 8);
  });

  test('any set of hex ids and new papers comes back as it was (property)', () => {
    const hexId = fc.stringMatching(/^[0-9a-f]{1,20}$/);
    fc.assert(
      fc.property(fc.uniqueArray(hexId, { maxLength: 40 }), fc.uniqueArray(hexId, { maxLength: 20 }), (a, b) => {
        const arrivals = loaded(a, [...a, ...b]);
        const back = readArrivals(serializeArrivals(arrivals));
        assert.equal(back.problem, undefined);
        assert.deepEqual(new Set(back.arrivals.toData().known), new Set(arrivals.toData().known));
        assert.deepEqual(back.arrivals.batches(), arrivals.batches());
      }),
      { seed: 17, numRuns: 200 },
    );
  });

  const damaged: [string, string][] = [
    ['not JSON', '{"format":'],
    ['another file', '{"format":"something else"}'],
    ['a newer version', '{"format":"papers-arrivals","version":99}'],
    [
      'a packing cut short',
      '{"format":"papers-arrivals","version":1,"started":true,"nextBatch":1,"known":{"hex":{"12":"AAAAAAA"},"other":[]},"batches":[]}',
    ],
    [
      'a character outside the packing',
      '{"format":"papers-arrivals","version":1,"started":true,"nextBatch":1,"known":{"hex":{"12":"AAAAAAA*"},"other":[]},"batches":[]}',
    ],
    [
      'a batch without its ids',
      '{"format":"papers-arrivals","version":1,"started":true,"nextBatch":2,"known":{"hex":{},"other":[]},"batches":[{"id":1,"at":5}]}',
    ],
    ['a list', '[]'],
  ];
  for (const [what, text] of damaged) {
    test(`a damaged file (${what}) gives an empty state and says what is wrong, never throws`, () => {
      const { arrivals, problem } = readArrivals(text);
      assert.ok(problem, 'a problem to log');
      assert.equal(arrivals.hasStarted, false);
      assert.equal(arrivals.knownCount, 0);
      arrivals.recordLoad(['a'], NOON);
      assert.deepEqual(arrivals.newIds(), [], 'the next load is a first load: nothing new');
    });
  }

  test('a new paper missing from `known` is known all the same', () => {
    const text =
      '{"format":"papers-arrivals","version":1,"started":true,"nextBatch":1,"known":{"hex":{},"other":["a"]},"batches":[{"id":4,"at":5,"ids":["b"]}]}';
    const { arrivals } = readArrivals(text);
    assert.equal(arrivals.knownCount, 2);
    arrivals.recordLoad(['a', 'b', 'c'], NOON);
    assert.deepEqual(
      arrivals.batches().map((b) => [b.id, b.ids]),
      [
        [5, ['c']],
        [4, ['b']],
      ],
    );
  });
});

describe('arrivalLabel', () => {
  test('today, yesterday, then the date (with the year when not this year)', () => {
    assert.equal(arrivalLabel(NOON - 3_600_000, NOON), 'Today');
    assert.equal(arrivalLabel(NOON - DAY, NOON), 'Yesterday');
    assert.equal(arrivalLabel(NOON - 2 * DAY, NOON), 'Mon, Nov 30');
    assert.equal(arrivalLabel(new Date(2025, 11, 30, 9).getTime(), NOON), 'Tue, Dec 30, 2025');
  });

  test('the time of day when another batch arrived the same day', () => {
    assert.equal(arrivalLabel(new Date(2026, 11, 2, 9, 5).getTime(), NOON, true), 'Today, 09:05');
  });
});
