import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { parseJsonLines } from '../../../../../src/core/collections/formats/jsonLines';
import { MAX_ABSTRACT_CHARS } from '../../../../../src/core/collections/formats/dailyPapers';
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

  test('JSON Lines: a record without an abstract keeps its title, authors and year; one with neither is a problem', () => {
    const text = [
      '{"id": "a", "title": "Atlas of Made-up Moths", "authors": "Mo Wing; Lu Night", "year": 2004}',
      '{"id": "b", "authors": ["Nobody"]}',
      '{"id": "c", "title": "Atlas of  made-up MOTHS", "year": "2004"}',
    ].join('\n');
    const r = parseJsonLines(text, 'moths.jsonl');
    assert.deepEqual(
      r.papers.map((p) => [p.abstract, p.sourceTitle, p.authors, p.year, p.sourceKey]),
      [['', 'Atlas of Made-up Moths', ['Mo Wing', 'Lu Night'], '2004', 'a']],
    );
    assert.deepEqual(
      r.problems.map((p) => `${p.line}: ${p.message}`),
      [
        '2: the record has neither a title nor an abstract; skipped',
        '3: the record has the same title and year as line 1 ("a"); listed once',
      ],
    );
  });

  test('JSON Lines: a title standing in for an abstract is held to the length of an abstract', () => {
    const long = `A ${'very '.repeat(MAX_ABSTRACT_CHARS / 5)}long title`;
    const r = parseJsonLines(JSON.stringify({ title: long }), 'long.jsonl');
    assert.deepEqual(r.papers, []);
    assert.match(
      r.problems[0].message,
      /^the record has a title \(and no abstract\) of [\d,]+ characters, .*; skipped$/,
    );
  });
});
