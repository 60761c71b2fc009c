import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_RELATED, RELATED_MAX_PAPERS, relatedCount } from '../../../src/cli/analyzeCommand';
import { CliError } from '../../../src/cli/common';

describe('relatedCount', () => {
  test('without --related: the default up to RELATED_MAX_PAPERS papers, none above', () => {
    assert.equal(relatedCount(undefined, 340), DEFAULT_RELATED);
    assert.equal(relatedCount(undefined, RELATED_MAX_PAPERS), DEFAULT_RELATED);
    assert.equal(relatedCount(undefined, RELATED_MAX_PAPERS + 1), 0);
  });

  test('--related N asks for N at any size, 0 for none', () => {
    assert.equal(relatedCount('3', 100_000), 3);
    assert.equal(relatedCount('0', 12), 0);
  });

  test('--related with anything but a whole number is a usage error', () => {
    for (const bad of ['', 'five', '-2', '1.5', true])
      assert.throws(() => relatedCount(bad, 10), CliError, String(bad));
  });
});
