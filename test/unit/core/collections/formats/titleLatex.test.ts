import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { parseArxivAtom } from '../../../../../src/core/collections/formats/arxivAtom';
import { parseCslJson } from '../../../../../src/core/collections/formats/cslJson';
import { parseJsonLines } from '../../../../../src/core/collections/formats/jsonLines';
import { titleId } from '../../../../../src/core/papers/ids';

const RAW = '\\textbf{Scalpel}: $\\lambda$-hold control for Schr\\"odinger bridges';
const DECODED = 'Scalpel: λ-hold control for Schrödinger bridges';
const ABSTRACT = 'We study hold control. It works.';

describe('titles given by files', () => {
  test('JSON Lines, CSL-JSON and Atom titles are kept as given, their LaTeX decoded', () => {
    const jsonl = parseJsonLines(JSON.stringify({ title: RAW, abstract: ABSTRACT }), 'a.jsonl');
    const csl = parseCslJson(JSON.stringify([{ id: 'x', title: RAW, abstract: ABSTRACT }]), 'a.json');
    const atom = parseArxivAtom(
      `<feed xmlns="http://www.w3.org/2005/Atom"><entry><id>http://arxiv.org/abs/1</id><title>${RAW}</title>` +
        `<summary>${ABSTRACT}</summary></entry></feed>`,
      'a.atom',
    );
    for (const r of [jsonl, csl, atom]) assert.equal(r.papers[0].sourceTitle, DECODED);
  });

  test('a paper known only by its title has the id of the title it shows, as in BibTeX; markup alone is no title', () => {
    const r = parseJsonLines(
      [JSON.stringify({ title: RAW, year: 2020 }), JSON.stringify({ title: '{}' })].join('\n'),
      'a.jsonl',
    );
    assert.equal(r.papers.length, 1);
    assert.equal(r.papers[0].sourceTitle, DECODED);
    assert.equal(r.papers[0].id, titleId(DECODED, '2020'));
    assert.equal(r.problems.length, 1);
  });
});
