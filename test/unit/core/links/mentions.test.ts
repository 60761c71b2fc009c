import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { effectiveTrigger, findMentions, keyCompletionAt, mentionAt } from '../../../../src/core/links/mentions';

describe('findMentions', () => {
  test("finds @paper: keys anywhere, without a sentence's full stop", () => {
    const text = 'See @paper:envfactory-6755e58. And (@paper:6755e58dc535) too.';
    const found = findMentions(text);
    assert.deepEqual(
      found.map((m) => m.key),
      ['envfactory-6755e58', '6755e58dc535'],
    );
    assert.equal(text.slice(found[0].start, found[0].end), '@paper:envfactory-6755e58');
    assert.equal(text.slice(found[0].keyStart, found[0].keyEnd), 'envfactory-6755e58');
  });

  test('wikilinks only when asked (Markdown), with or without a shown text', () => {
    const text = 'Read [[envfactory-6755e58]] and [[ a1b2c3d | the critics paper ]], not [[two words]].';
    assert.deepEqual(
      findMentions(text).map((m) => m.key),
      [],
    );
    const found = findMentions(text, { wikilinks: true });
    assert.deepEqual(
      found.map((m) => [m.kind, m.key]),
      [
        ['wikilink', 'envfactory-6755e58'],
        ['wikilink', 'a1b2c3d'],
      ],
    );
    assert.equal(text.slice(found[1].keyStart, found[1].keyEnd), 'a1b2c3d');
    assert.equal(mentionAt(found, found[1].start + 3), found[1]);
    assert.equal(mentionAt(found, 0), undefined);
  });

  test('a configured trigger replaces @paper:, and an empty setting falls back to it', () => {
    assert.deepEqual(
      findMentions('cite:abc-1234567 @paper:x-1234567', { trigger: 'cite:' }).map((m) => m.key),
      ['abc-1234567'],
    );
    assert.equal(effectiveTrigger('  '), '@paper:');
  });
});

describe('keyCompletionAt', () => {
  test('after the trigger, with part of a key typed', () => {
    assert.deepEqual(keyCompletionAt('// see @paper:env', ''), {
      kind: 'trigger',
      keyStart: 14,
      typed: 'env',
      closed: false,
    });
    assert.deepEqual(keyCompletionAt('@paper:', ''), { kind: 'trigger', keyStart: 7, typed: '', closed: false });
    assert.equal(keyCompletionAt('// see paper:env', ''), undefined);
  });

  test('inside [[ in Markdown, knowing whether ]] already follows', () => {
    assert.deepEqual(keyCompletionAt('Read [[env', ']] now', { wikilinks: true }), {
      kind: 'wikilink',
      keyStart: 7,
      typed: 'env',
      closed: true,
    });
    assert.deepEqual(keyCompletionAt('Read [[', '', { wikilinks: true }), {
      kind: 'wikilink',
      keyStart: 7,
      typed: '',
      closed: false,
    });
    assert.equal(keyCompletionAt('Read [[env', '', {}), undefined);
    assert.equal(keyCompletionAt('Read [[two words', '', { wikilinks: true }), undefined);
  });
});
