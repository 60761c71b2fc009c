import { test } from 'node:test';
import assert from 'node:assert/strict';
import { idPartOfKey, paperKey, resolvePaperKey, slugify } from '../../src/core/papers/paperKey';
import { keywordsForCorpus } from '../../src/core/keywords/keywords';
import { applyChange, parseUserData, serializeUserData } from '../../src/core/papers/userData';
import { PapersInputError } from '../../src/core/common/errors';

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

test('slugs are ASCII, bounded and never empty', () => {
  assert.equal(slugify('Über-große Modelle für ∑ RL!'), 'uber-grosse-modelle-fur-rl');
  assert.equal(slugify('!!!'), 'paper');
  assert.ok(slugify('word '.repeat(50)).length <= 32);
});

test('keywords prefer phrases found in several abstracts, written as the text writes them', () => {
  const abstracts = [
    'Offline RL learns from fixed data. We study offline RL with flow matching policies.',
    'Flow matching trains generative models. Offline RL benefits from flow matching.',
    'Galaxy morphology is classified from telescope images of galaxy clusters.',
  ];
  const kw = keywordsForCorpus(abstracts);
  assert.ok(kw[0].includes('offline RL'), kw[0].join('|'));
  assert.ok(kw[1].includes('flow matching'), kw[1].join('|'));
  assert.ok(kw[2].some((k) => k.startsWith('galaxy')), kw[2].join('|'));
  assert.ok(!kw[0].includes('offline'), 'a word inside a chosen phrase is not listed again');
});

test('user data files have a stable key order and drop empty fields', () => {
  const text = serializeUserData({ tags: ['b', 'a', 'b'], zeta: 1, starred: true, read: false, alpha: 'x' });
  assert.equal(text, '{\n  "starred": true,\n  "tags": [\n    "a",\n    "b"\n  ],\n  "alpha": "x",\n  "zeta": 1\n}\n');
  assert.deepEqual(parseUserData(text, 'f.json'), { starred: true, tags: ['a', 'b'], alpha: 'x', zeta: 1 });
});

test('a change keeps what another window wrote to the other fields', () => {
  const onDisk = { read: true, tags: ['mine'] };
  assert.deepEqual(applyChange(onDisk, { starred: true }), { read: true, tags: ['mine'], starred: true });
});

test('a broken user data file is an error naming the file and line', () => {
  assert.throws(() => parseUserData('{\n  "read": true,\n  oops\n}', '.papers/papers/x.json'), (err: unknown) => {
    assert.ok(err instanceof PapersInputError);
    assert.equal(err.file, '.papers/papers/x.json');
    assert.equal(err.line, 3);
    return true;
  });
  assert.throws(() => parseUserData('[1]', 'x.json'), /JSON object/);
  assert.throws(() => parseUserData('{"read": "yes"}', 'x.json'), /true or false/);
});
