import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { mergeCollections, parseCollectionBytes } from '../../../../../src/core/collections/corpus';
import { parseArxivAtom } from '../../../../../src/core/collections/formats/arxivAtom';
import { parseBibtex } from '../../../../../src/core/collections/formats/bibtex';
import { parseCslJson } from '../../../../../src/core/collections/formats/cslJson';
import { parseDailyPapers } from '../../../../../src/core/collections/formats/dailyPapers';
import { detectFormat, parserFor, PARSERS } from '../../../../../src/core/collections/formats';
import { parseJsonLines } from '../../../../../src/core/collections/formats/jsonLines';
import { latexAbstractToText, latexNames, latexToText } from '../../../../../src/core/collections/formats/latexText';
import { paperId } from '../../../../../src/core/papers/ids';
import { repoRoot } from '../../../../helpers/repoRoot';

const fixtures = join(repoRoot(), 'test', 'fixtures', 'formats');
const fixture = (name: string) => readFileSync(join(fixtures, name), 'utf8');
const QUASARNET = 'We propose QuasarNet, a convolutional network that classifies quasar spectra and estimates their redshifts; it is 50% faster than template fitting.';

test('BibTeX: entries with an abstract load with title, authors, year, url and doi; LaTeX becomes text', () => {
  const r = parseBibtex(fixture('quasars.bib'), 'quasars.bib');
  assert.equal(r.papers.length, 2);
  const [qn, tides] = r.papers;
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
  assert.equal(tides.abstract, 'We search ten years of $\\gamma$-ray data for tidal disruption events and find three candidates – all at $z < 0.1$.');
  assert.equal(tides.sourceTitle, 'Tidal Disruption Events in the γ-ray Sky');
  assert.equal(tides.year, '2021');
  assert.equal(tides.url, 'https://arxiv.org/abs/2106.01234');
  assert.deepEqual(r.problems, [{ file: 'quasars.bib', line: 23, message: 'entry "nobody2019" has no abstract; skipped' }]);
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

test('LaTeX to text: accents, escapes, emphasis, dashes and quotes; math kept in abstracts; names', () => {
  assert.equal(latexToText('{\\"U}ber \\emph{fast} \\textbf{nets} --- 50\\% \\& more ``here\'\''), 'Über fast nets — 50% & more “here”');
  assert.equal(latexToText('a lone { brace'), 'a lone brace', 'what citation-js cannot read is tidied by hand');
  assert.equal(latexAbstractToText('Costs $\\mathcal{O}(n^2)$ time, 10\\% less.'), 'Costs $\\mathcal{O}(n^2)$ time, 10% less.');
  assert.equal(latexAbstractToText('It costs $5 and \\$3.'), 'It costs $5 and $3.');
  assert.deepEqual(latexNames('von Neumann, John and Doe, Jr., Jane and {Google Research}'), ['John von Neumann', 'Jane Doe Jr.', 'Google Research']);
  assert.deepEqual(latexNames('Strau\\ss and Doe, J. and R\\&D'), ['Strauß', 'J. Doe', 'R&D'], 'a command before " and " does not glue two names');
});

test('CSL-JSON: Zotero items with abstract, title (markup removed), authors, issued, DOI and URL', () => {
  const r = parseCslJson(fixture('quasars.json'), 'quasars.json');
  assert.equal(r.papers.length, 2);
  const [qn, glacier] = r.papers;
  assert.equal(qn.abstract, QUASARNET);
  assert.equal(qn.sourceTitle, 'QuasarNet: Classifying Quasar Spectra with Über-Fast Convolutions');
  assert.deepEqual(qn.authors, ['Jane Doe', 'Hans Müller', 'Sloan Digital Sky Survey']);
  assert.equal(qn.year, '2020');
  assert.equal(qn.doi, '10.3847/1538-3881/ab1234');
  assert.equal(qn.sourceKey, 'doe2020quasarnet', 'citation-key is preferred to the Zotero id');
  assert.equal(qn.sources[0].line, 2);
  assert.equal(glacier.year, '2022');
  assert.equal(glacier.sources[0].line, 14);
  assert.equal(r.problems.length, 1);
  assert.equal(r.problems[0].line, 22);
  assert.match(r.problems[0].message, /^item 3 \(id ".*IJKL9012"\) has no abstract; skipped$/);
});

test('JSON Lines: one record per line, authors as names or CSL names', () => {
  const r = parseJsonLines(fixture('quasars.jsonl'), 'quasars.jsonl');
  assert.deepEqual(r.problems, []);
  assert.deepEqual(r.papers.map((p) => [p.sourceTitle, p.sources[0].line, p.authors, p.year ?? null, p.sourceKey]), [
    ['QuasarNet', 1, ['Jane Doe'], '2020', 'qn'],
    ['Bees Count to Four', 2, ['Bea Hive'], null, 'bees'],
  ]);
  assert.equal(r.papers[0].abstract, QUASARNET);
});

test('arXiv Atom: entries with title, summary, authors, id, published and DOI; wrapped lines joined', () => {
  const r = parseArxivAtom(fixture('quasars.xml'), 'quasars.xml');
  assert.deepEqual(r.problems, []);
  const [qn, halos] = r.papers;
  assert.equal(qn.abstract, QUASARNET);
  assert.equal(qn.sourceTitle, 'QuasarNet: Classifying Quasar Spectra with Über-Fast Convolutions');
  assert.deepEqual(qn.authors, ['Jane Doe', 'Hans Müller']);
  assert.equal(qn.year, '2020');
  assert.equal(qn.doi, '10.3847/1538-3881/ab1234');
  assert.equal(qn.url, 'http://arxiv.org/abs/2003.01234v2');
  assert.equal(qn.sourceKey, '2003.01234v2');
  assert.equal(qn.sources[0].line, 8);
  assert.equal(halos.sourceTitle, 'Dark Matter Halos & Their Spin');
  assert.equal(halos.abstract, 'We measure the spin of $10^4$ dark matter halos in <10 Mpc boxes.');
});

test('arXiv Atom: an API error entry is a problem, not a paper', () => {
  const xml = '<feed xmlns="http://www.w3.org/2005/Atom">\n<entry><id>http://arxiv.org/api/errors#incorrect_id_format_for_1234</id><title>Error</title><summary>incorrect id format for 1234</summary></entry>\n</feed>\n';
  const r = parseArxivAtom(xml, 'err.xml');
  assert.deepEqual(r.papers, []);
  assert.deepEqual(r.problems, [{ file: 'err.xml', line: 2, message: 'the arXiv API answered with an error: incorrect id format for 1234' }]);
});

test('format detection: by content when it is clear, else by extension', () => {
  const cases: [string, string, string | undefined][] = [
    ['a.txt', 'Daily Papers\nx\n', 'daily-papers'],
    ['a.bib', '@article{k, abstract={x}}', 'bibtex'],
    ['a.json', '[{"abstract": "x"}]', 'csl-json'],
    ['a.jsonl', '{"abstract": "x"}\n', 'json-lines'],
    ['a.ndjson', '{"abstract": "x"}\n', 'json-lines'],
    ['a.xml', '<?xml version="1.0"?><feed>', 'arxiv-atom'],
    ['a.atom', '<feed xmlns="http://www.w3.org/2005/Atom">', 'arxiv-atom'],
    // the extension says nothing
    ['papers', '% refs\n\n@inproceedings{k,\n abstract={x}}', 'bibtex'],
    ['export', '  [\n  {"abstract": "x"}]', 'csl-json'],
    ['dump.dat', '\uFEFFDaily Papers\nx', 'daily-papers'],
    ['query', '<?xml version="1.0"?>\n<feed xmlns="http://www.w3.org/2005/Atom">', 'arxiv-atom'],
    // the extension lies
    ['a.txt', '@article{k, abstract={x}}', 'bibtex'],
    ['a.json', '{"abstract": "x"}\n{"abstract": "y"}\n', 'json-lines'],
    ['a.jsonl', '{\n  "abstract": "x"\n}\n', 'csl-json'],
    ['a.bib', 'Daily Papers\nx\n', 'daily-papers'],
    ['a.xml', '[]', 'csl-json'],
    // unclear content: the extension decides, or nothing does
    ['a.txt', 'my shopping list\nmilk\n', 'daily-papers'],
    ['a.txt', '[not json] but a line of text', 'daily-papers'],
    ['a.bib', '', 'bibtex'],
    ['notes.md', '# My notes\n', undefined],
  ];
  for (const [path, text, expected] of cases) assert.equal(detectFormat(path, text), expected, `${path}: ${JSON.stringify(text)}`);
  assert.equal(parserFor('a.txt', 'Daily Papers\n'), parseDailyPapers);
  assert.equal(parserFor('a.bib', '@misc{'), PARSERS.bibtex);
  assert.throws(() => parserFor('notes.md', '# My notes\n')('# My notes\n', 'notes.md'), /notes\.md:1: not a format Papers reads/);
});

test('the same paper from five formats is one paper, listed in each collection, with the first real title', () => {
  const names = ['quasars.txt', 'quasars.bib', 'quasars.json', 'quasars.jsonl', 'quasars.xml'];
  const corpus = mergeCollections(names.map((n) => ({ path: n, result: parseCollectionBytes(readFileSync(join(fixtures, n)), n) })));
  const qn = corpus.papers.filter((p) => p.abstract.startsWith('We propose QuasarNet'));
  assert.equal(qn.length, 1);
  assert.equal(qn[0].sources.length, 5);
  assert.deepEqual(qn[0].sources.map((s) => s.collection), ['quasars', 'quasars (2)', 'quasars (3)', 'quasars (4)', 'quasars (5)']);
  assert.equal(qn[0].sourceTitle, 'QuasarNet: Classifying Quasar Spectra with Über-Fast Convolutions');
  assert.equal(corpus.papers.length, 1 + 1 + 1 + 1 + 1 + 1, 'QuasarNet, soil, tides, glacier, bees, halos');
  assert.deepEqual(corpus.problems.map((p) => `${p.file}:${p.line}`), ['quasars.bib:23', 'quasars.json:22']);
});
