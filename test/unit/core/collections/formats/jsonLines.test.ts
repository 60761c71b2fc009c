import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { parseJsonLines } from '../../../../../src/core/collections/formats/jsonLines';
import { fixture, QUASARNET } from '../../../../helpers/formatFixtures';

describe('parseJsonLines', () => {
  test('JSON Lines: one record per line, authors as names or CSL names', () => {
    const r = parseJsonLines(fixture('quasars.jsonl'), 'quasars.jsonl');
    assert.deepEqual(r.problems, []);
    assert.deepEqual(
      r.papers.map((p) => [p.sourceTitle, p.sources[0].line, p.authors, p.year ?? null, p.sourceKey]),
      [
        ['QuasarNet', 1, ['Jane Doe'], '2020', 'qn'],
        ['Bees Count to Four', 2, ['Bea Hive'], null, 'bees'],
      ],
    );
    assert.equal(r.papers[0].abstract, QUASARNET);
  });
});
