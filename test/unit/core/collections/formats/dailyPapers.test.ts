import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { parseDailyPapers, tidyAbstract } from '../../../../../src/core/collections/formats/dailyPapers';

describe('parseDailyPapers', () => {
  test('parses header and one abstract per non-empty line, tolerating CRLF, BOM and trailing spaces', () => {
    const text =
      '\uFEFFDaily Papers  \r\n\r\nFirst abstract about robots.   \r\n\r\nSecond abstract about diffusion.\r\n';
    const r = parseDailyPapers(text, 'a.txt');
    assert.deepEqual(
      r.papers.map((p) => p.abstract),
      ['First abstract about robots.', 'Second abstract about diffusion.'],
    );
    assert.deepEqual(
      r.papers.map((p) => p.sources[0].line),
      [3, 5],
    );
    assert.deepEqual(r.problems, []);
  });
});

describe('tidyAbstract', () => {
  test('tidies leaked LaTeX and a stray Abstract heading', () => {
    assert.equal(tidyAbstract('Abstract Language Models win by 10\\% \\& more.'), 'Language Models win by 10% & more.');
    assert.equal(tidyAbstract('See \\href{https://x.y}{the site} now'), 'See the site now');
    assert.equal(tidyAbstract('Abstraction is good.'), 'Abstraction is good.');
  });
});
