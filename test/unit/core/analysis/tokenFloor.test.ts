import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { tokenizeFloor } from '../../../../src/core/analysis/tokenFloor';

describe('tokenizeFloor', () => {
  test('the tokenize floor counts the words (split at anything not a letter or digit) and characters of every text, Unicode letters included', () => {
    assert.deepEqual(tokenizeFloor([]), { words: 0, chars: 0 });
    assert.deepEqual(tokenizeFloor(['Über-fast GPT-4o, 3.5×!', '  ', 'ça va']), { words: 8, chars: 30 });
  });
});
