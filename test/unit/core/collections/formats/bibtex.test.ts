import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { parseBibtex } from '../../../../../src/core/collections/formats/bibtex';
import { paperId, titleId } from '../../../../../src/core/papers/ids';
import { fixture, QUASARNET } from '../../../../helpers/formatFixtures';

describe('parseBibtex', () => {
  test('BibTeX: entries load with title, authors, year, url and doi; LaTeX becomes text; no abstract keeps the title', () => {
    const r = parseBibtex(fixture('quasars.bib'), 'quasars.bib');
    assert.equal(r.papers.length, 3);
    const [qn, tides, book] = r.papers;
    assert.equal(qn.abstract, QUASARNET);
    assert.equal(qn.id, paperId(QUASARNET));
    assert.equal(qn.sourceTitle, 'QuasarNet: Classifying Quasar Spectra with Über-Fast Convolutions');
    assert.deepEqual(qn.authors, ['Jane Doe', 'Hans Müller', 'Sloan Digital Sky Survey']);
    assert.equal(qn.year, '2020');
    assert.equal(qn.doi, '10.3847/1538-3881/ab1234');
    assert.equal(qn.url, 'https://example.org/quasarnet');
    assert.equal(qn.sourceKey, 'doe2020quasarnet');
    assert.deepEqual(qn.sources, [{ collection: 'quasars.bib', line: 4 }]);
    // math stays as written in abstracts (as in the other formats); titles get it as text; `--` is a dash
    assert.equal(
      tides.abstract,
      'We search ten years of $\\gamma$-ray data for tidal disruption events and find three candidates – all at $z < 0.1$.',
    );
    assert.equal(tides.sourceTitle, 'Tidal Disruption Events in the γ-ray Sky');
    assert.equal(tides.year, '2021');
    assert.equal(tides.url, 'https://arxiv.org/abs/2106.01234');
    assert.deepEqual(book, {
      id: titleId('A Book Without an Abstract', '2019'),
      abstract: '',
      sourceTitle: 'A Book Without an Abstract',
      authors: ['N. Nobody'],
      year: '2019',
      sourceKey: 'nobody2019',
      sources: [{ collection: 'quasars.bib', line: 23 }],
    });
    assert.deepEqual(r.problems, [
      { file: 'quasars.bib', line: 29, message: 'entry "blank2018" has neither a title nor an abstract; skipped' },
    ]);
  });

  test('BibTeX: @string macros, # concatenation, ( ) delimiters, @comment and text between entries', () => {
    const text = [
      'Some notes before the entries, with an email: me@example.org.',
      '@comment{jabref-meta: databaseType:bibtex;}',
      '@STRING{ venue = "Conf" }',
      '@Misc(k1, title = venue # { on } # "Things", abstract = "A quoted {Abstract} here.")',
      '@preamble{ "\\newcommand{\\noop}[1]{}" }',
    ].join('\n');
    const r = parseBibtex(text, 'x.bib');
    assert.deepEqual(r.problems, []);
    assert.equal(r.papers.length, 1);
    assert.equal(r.papers[0].sourceTitle, 'Conf on Things');
    assert.equal(r.papers[0].abstract, 'A quoted Abstract here.');
    assert.equal(r.papers[0].sources[0].line, 4);
  });
});
