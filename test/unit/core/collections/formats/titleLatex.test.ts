import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { parseArxivAtom } from '../../../../../src/core/collections/formats/arxivAtom';
import { parseBibtex } from '../../../../../src/core/collections/formats/bibtex';
import { parseCslJson } from '../../../../../src/core/collections/formats/cslJson';
import { parseJsonLines } from '../../../../../src/core/collections/formats/jsonLines';
import { titleId } from '../../../../../src/core/papers/ids';

const RAW = '\\textbf{Scalpel}: $\\lambda$-hold control for Schr\\"odinger bridges';
const DECODED = 'Scalpel: λ-hold control for Schrödinger bridges';
const ABSTRACT = 'We study hold control. It works.';

/** The paper of RAW and ABSTRACT in JSON Lines, CSL-JSON and Atom, the formats that carry LaTeX as plain text. */
function inTextFormats() {
  return [
    parseJsonLines(JSON.stringify({ title: RAW, abstract: ABSTRACT }), 'a.jsonl'),
    parseCslJson(JSON.stringify([{ id: 'x', title: RAW, abstract: ABSTRACT }]), 'a.json'),
    parseArxivAtom(
      `<feed xmlns="http://www.w3.org/2005/Atom"><entry><id>http://arxiv.org/abs/1</id><title>${RAW}</title>` +
        `<summary>${ABSTRACT}</summary></entry></feed>`,
      'a.atom',
    ),
  ];
}

describe('titles given by files', () => {
  test('JSON Lines, CSL-JSON and Atom titles are kept as given, their LaTeX decoded', () => {
    for (const r of inTextFormats()) assert.equal(r.papers[0].sourceTitle, DECODED);
  });

  test('a title with math also keeps it as written for the paper view, the rest decoded, in every format', () => {
    const MATH = 'Scalpel: $\\lambda$-hold control for Schrödinger bridges';
    const bib = parseBibtex(`@article{k, title = {${RAW}}, abstract = {${ABSTRACT}}}`, 'a.bib');
    for (const r of [...inTextFormats(), bib]) assert.equal(r.papers[0].sourceTitleMath, MATH);
    // the plain title is unchanged by it
    for (const r of inTextFormats()) assert.equal(r.papers[0].sourceTitle, DECODED);
  });

  test('a BibTeX title reads its math as the other formats do, and escaped dollars are no math', () => {
    const bib = parseBibtex(
      [
        `@article{a, title = {$\\mathcal{O}(H^2\\sqrt{T})$ regret}, abstract = {${ABSTRACT}}}`,
        `@article{b, title = {Costs of \\$5 and \\$10}, abstract = {${ABSTRACT} Two.}}`,
      ].join('\n'),
      'a.bib',
    );
    const json = parseJsonLines(
      JSON.stringify({ title: '$\\mathcal{O}(H^2\\sqrt{T})$ regret', abstract: ABSTRACT }),
      'a.jsonl',
    );
    assert.equal(bib.papers[0].sourceTitle, 'O(H²√T) regret');
    assert.equal(bib.papers[0].sourceTitle, json.papers[0].sourceTitle);
    assert.equal(bib.papers[0].sourceTitleMath, '$\\mathcal{O}(H^2\\sqrt{T})$ regret');
    assert.equal(bib.papers[1].sourceTitle, 'Costs of $5 and $10');
    assert.equal('sourceTitleMath' in bib.papers[1], false);
  });

  test('a BibTeX entry known by a title with math keeps its id across versions (notes and marks name it)', () => {
    const r = parseBibtex(
      '@book{r, title = {Regret of $\\mathcal{O}(H^2\\sqrt{T})$ for Schr\\"odinger bridges}, year = {2021}}',
      'a.bib',
    );
    assert.equal(r.papers[0].sourceTitle, 'Regret of O(H²√T) for Schrödinger bridges');
    // the id this entry has had since Papers first read .bib titles with math: it must never change
    assert.equal(r.papers[0].id, '556436aff2b19faa');
  });

  test('a title without math, or whose dollars are prices, has no second form', () => {
    const r = parseJsonLines(
      [
        JSON.stringify({ title: '\\textbf{Scalpel} for Schr\\"odinger bridges', abstract: ABSTRACT }),
        JSON.stringify({ title: 'Models for $5 and $10', abstract: `${ABSTRACT} Two.` }),
      ].join('\n'),
      'a.jsonl',
    );
    assert.equal(r.papers.length, 2);
    for (const p of r.papers) assert.equal('sourceTitleMath' in p, false, p.sourceTitle);
    const bib = parseBibtex(`@article{k, title = {{BERT} for {S}chr\\"odinger}, abstract = {${ABSTRACT}}}`, 'a.bib');
    assert.equal('sourceTitleMath' in bib.papers[0], false);
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
