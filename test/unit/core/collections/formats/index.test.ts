import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { parseDailyPapers } from '../../../../../src/core/collections/formats/dailyPapers';
import { detectFormat, parserFor, PARSERS } from '../../../../../src/core/collections/formats';

describe('detectFormat and parserFor', () => {
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
    for (const [path, text, expected] of cases)
      assert.equal(detectFormat(path, text), expected, `${path}: ${JSON.stringify(text)}`);
    assert.equal(parserFor('a.txt', 'Daily Papers\n'), parseDailyPapers);
    assert.equal(parserFor('a.bib', '@misc{'), PARSERS.bibtex);
    assert.throws(
      () => parserFor('notes.md', '# My notes\n')('# My notes\n', 'notes.md'),
      /notes\.md:1: not a format Papers reads/,
    );
  });
});
