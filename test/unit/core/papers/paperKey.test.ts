import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { idPartOfKey, paperKey, resolvePaperKey, slugify } from '../../../../src/core/papers/paperKey';

describe('paperKey and resolvePaperKey', () => {
  test('paper keys are readable slugs plus an id part, and resolve by the id part', () => {
    const a = { id: '6755e58dc535', title: 'EnvFactory: automated tool environments', method: 'EnvFactory' };
    const b = { id: 'a1b2c3d4e5f6', title: 'Conservative critics for offline RL', method: null };
    assert.equal(paperKey(a), 'envfactory-6755e58');
    assert.equal(paperKey(b), 'conservative-critics-for-offline-rl-a1b2c3d');
    assert.equal(idPartOfKey('some-old-title-6755e58'), '6755e58');
    assert.equal(resolvePaperKey('a-better-title-now-6755e58', [a, b]), a);
    assert.equal(resolvePaperKey('a1b2c3d4e5f6', [a, b]), b);
    assert.equal(resolvePaperKey('nothing-0000000', [a, b]), undefined);
  });
});

describe('slugify', () => {
  test('slugs are ASCII, bounded and never empty', () => {
    assert.equal(slugify('Über-große Modelle für ∑ RL!'), 'uber-grosse-modelle-fur-rl');
    assert.equal(slugify('!!!'), 'paper');
    assert.ok(slugify('word '.repeat(50)).length <= 32);
  });
});
