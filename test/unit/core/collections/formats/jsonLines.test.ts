import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseJsonLines } from '../../../../../src/core/collections/formats/jsonLines';
import { repoRoot } from '../../../../helpers/repoRoot';

const fixtures = join(repoRoot(), 'test', 'fixtures', 'formats');
const fixture = (name: string) => readFileSync(join(fixtures, name), 'utf8');
const QUASARNET = 'We propose QuasarNet, a convolutional network that classifies quasar spectra and estimates their redshifts; it is 50% faster than template fitting.';

describe('parseJsonLines', () => {
  test('JSON Lines: one record per line, authors as names or CSL names', () => {
    const r = parseJsonLines(fixture('quasars.jsonl'), 'quasars.jsonl');
    assert.deepEqual(r.problems, []);
    assert.deepEqual(r.papers.map((p) => [p.sourceTitle, p.sources[0].line, p.authors, p.year ?? null, p.sourceKey]), [
      ['QuasarNet', 1, ['Jane Doe'], '2020', 'qn'],
      ['Bees Count to Four', 2, ['Bea Hive'], null, 'bees'],
    ]);
    assert.equal(r.papers[0].abstract, QUASARNET);
  });
});
