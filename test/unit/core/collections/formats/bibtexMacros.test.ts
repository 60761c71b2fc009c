import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { parseBibtex } from '../../../../../src/core/collections/formats/bibtex';
import { defineMacro, MAX_MACRO_CHARS, newMacroTable } from '../../../../../src/core/collections/formats/bibtexMacros';

const GOOD = '@article{good, title = {Quasars}, abstract = {We study quasars at high redshift.}}';

describe('BibTeX @string macros', () => {
  test('a doubling chain (m0 … m30): only the entry that uses it fails, the others load; one problem for the chain', () => {
    const chain = ['@string{m0 = "x"}'];
    for (let i = 1; i <= 30; i++) chain.push(`@string{m${i} = m${i - 1} # m${i - 1}}`);
    const r = parseBibtex(
      [...chain, GOOD, '@article{bad, title = m30 # "!", abstract = {Uses the chain.}}'].join('\n'),
      'd.bib',
    );
    assert.deepEqual(
      r.papers.map((p) => p.sourceKey),
      ['good'],
    );
    assert.deepEqual(
      r.problems.map((p) => `${p.line}: ${p.message}`),
      [
        '19: this @string "m18" stands for more than 200,000 characters; entries that use it are skipped',
        '33: entry "bad" cannot be read (it uses the @string "m30", which stands for more than 200,000 characters); skipped',
      ],
    );
  });

  test('an unused doubling chain costs nothing', () => {
    const chain = ['@string{m0 = "x"}'];
    for (let i = 1; i <= 30; i++) chain.push(`@string{m${i} = m${i - 1} # m${i - 1}}`);
    const r = parseBibtex([...chain, GOOD].join('\n'), 'd.bib');
    assert.equal(r.papers.length, 1);
  });

  test('a macro used alone, and a macro whose value is just over the cap', () => {
    const half = 'y'.repeat(MAX_MACRO_CHARS / 2 + 1);
    const r = parseBibtex(
      [
        `@string{half = "${half}"}`,
        '@string{big = half # half}',
        GOOD,
        '@article{alone, title = big, abstract = {Uses the big macro alone.}}',
      ].join('\n'),
      'b.bib',
    );
    assert.deepEqual(
      r.papers.map((p) => p.sourceKey),
      ['good'],
    );
    assert.match(r.problems[0].message, /^this @string "big" stands for more than/);
    assert.match(r.problems[1].message, /^entry "alone" cannot be read \(it uses the @string "big"/);
  });

  test('macros are read once, in file order, and names like "constructor" are plain names', () => {
    const table = newMacroTable();
    assert.equal(defineMacro('@string{constructor = "Builders"}', table), undefined);
    assert.equal(defineMacro('@string{journal = constructor # " Quarterly"}', table), undefined);
    assert.equal(table.journal, 'Builders Quarterly');
    assert.equal(table.jan, '01', 'the month macros BibTeX predefines');
    const r = parseBibtex(
      [
        '@string{venue = "First"}',
        '@string{venue = "Second"}',
        '@string{constructor = "Proto"}',
        '@article{k, title = constructor # { } # venue, abstract = {A paper about prototypes.}}',
      ].join('\n'),
      'c.bib',
    );
    assert.equal(r.papers[0].sourceTitle, 'Proto Second');
  });

  test('many macros and many broken entries: every broken entry is one problem, the good one loads', () => {
    const macros = Array.from({ length: 500 }, (_, i) => `@string{m${i} = "value ${i}"}`);
    const broken = Array.from({ length: 500 }, (_, i) => `@misc{b${i}, title = {T ${i}} abstract = {x}}`);
    const r = parseBibtex([...macros, ...broken, '@misc{ok, title = m7, abstract = {Loads.}}'].join('\n'), 'm.bib');
    assert.deepEqual(
      r.papers.map((p) => p.sourceTitle),
      ['value 7'],
    );
    assert.equal(r.problems.length, 500);
  });
});
