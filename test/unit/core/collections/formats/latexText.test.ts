import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { latexAbstractToText, latexNames, latexToText } from '../../../../../src/core/collections/formats/latexText';

describe('latexToText, latexAbstractToText and latexNames', () => {
  test('LaTeX to text: accents, escapes, emphasis, dashes and quotes; math kept in abstracts; names', () => {
    assert.equal(
      latexToText("{\\\"U}ber \\emph{fast} \\textbf{nets} --- 50\\% \\& more ``here''"),
      'Über fast nets — 50% & more “here”',
    );
    assert.equal(latexToText('a lone { brace'), 'a lone brace', 'what citation-js cannot read is tidied by hand');
    assert.equal(
      latexAbstractToText('Costs $\\mathcal{O}(n^2)$ time, 10\\% less.'),
      'Costs $\\mathcal{O}(n^2)$ time, 10% less.',
    );
    assert.equal(latexAbstractToText('It costs $5 and \\$3.'), 'It costs $5 and $3.');
    assert.deepEqual(latexNames('von Neumann, John and Doe, Jr., Jane and {Google Research}'), [
      'John von Neumann',
      'Jane Doe Jr.',
      'Google Research',
    ]);
    assert.deepEqual(
      latexNames('Strau\\ss and Doe, J. and R\\&D'),
      ['Strauß', 'J. Doe', 'R&D'],
      'a command before " and " does not glue two names',
    );
  });
});
