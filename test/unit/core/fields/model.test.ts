import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  arxivFieldModel,
  base64Bytes,
  bytesToBase64,
  decodeFieldModel,
  FieldModelFile,
  guessField,
  isGenrePhrase,
  varintBytes,
} from '../../../../src/core/fields';
import { seededRandom } from '../../../../src/core/vectors/seededRandom';

/** A model file of two fields over four terms, written as the build script writes one. */
function tinyModelFile(): FieldModelFile {
  const terms = ['galaxy', 'neural', 'redshift', 'transformer']; // sorted
  const idf = Uint16Array.from([2000, 1000, 3000, 1500]);
  // astro-ph.GA: galaxy +, redshift +, neural −; cs.LG: neural +, transformer +
  const entries: [number, number, number][] = [
    [0, 0, 2],
    [0, 1, -1],
    [0, 2, 2],
    [1, 1, 2],
    [1, 3, 2],
  ];
  const gaps: number[] = [];
  let previous = 0;
  let field = 0;
  for (const [f, t] of entries) {
    if (f !== field) [field, previous] = [f, 0];
    gaps.push(t - previous);
    previous = t;
  }
  return {
    format: 1,
    source: 'test',
    fields: [
      { code: 'astro-ph.GA', name: 'Astrophysics of Galaxies' },
      { code: 'cs.LG', name: 'Machine Learning' },
    ],
    archives: { 'astro-ph': 'Astrophysics', cs: 'Computer Science' },
    terms: terms.join('\n'),
    idf: bytesToBase64(new Uint8Array(idf.buffer)),
    bias: [0, 0],
    counts: [3, 2],
    indices: bytesToBase64(varintBytes(gaps)),
    weights: bytesToBase64(new Uint8Array(Int16Array.from(entries.map(([, , w]) => w * 1000)).buffer)),
    weightScale: 0.001,
    minConfidence: 0.6,
    minCoverage: 0.5,
    genreTerms: 'future research\nidea',
  };
}

describe('field model file', () => {
  test('base64 and varints read back what was written, for any bytes and numbers', () => {
    const random = seededRandom(3);
    for (let round = 0; round < 200; round++) {
      const bytes = Uint8Array.from({ length: Math.floor(random() * 40) }, () => Math.floor(random() * 256));
      assert.deepEqual(base64Bytes(bytesToBase64(bytes)), bytes);
    }
    assert.equal(bytesToBase64(new TextEncoder().encode('Papers!')), 'UGFwZXJzIQ==');
    assert.throws(() => base64Bytes('ab*c'), /invalid base64/);
  });

  test('decoded, each term lists the fields it weighs on, with the weights written', () => {
    const model = decodeFieldModel(tinyModelFile());
    const postings = (term: string) => {
      const t = model.terms.indexOf(term);
      const out: [string, number][] = [];
      for (let p = model.postingStart[t]; p < model.postingStart[t + 1]; p++)
        out.push([model.fields[model.postingField[p]].code, Math.round(model.postingWeight[p] * 1000) / 1000]);
      return out;
    };
    assert.deepEqual(postings('neural'), [
      ['astro-ph.GA', -1],
      ['cs.LG', 2],
    ]);
    assert.deepEqual(postings('redshift'), [['astro-ph.GA', 2]]);
    assert.equal(model.fields[1].archive, 'cs');
    assert.equal(model.idf[2], 3);
  });

  test('a text goes to the field its words weigh for; too few known words or an even split is no known field', () => {
    const model = decodeFieldModel(tinyModelFile());
    const astro = guessField(model, 'Galaxy redshift surveys: the redshift of each galaxy.');
    assert.equal(model.fields[astro.field].code, 'astro-ph.GA');
    assert.ok(astro.known && astro.probability > 0.6, JSON.stringify(astro));
    const ml = guessField(model, 'A neural transformer for transformer training.');
    assert.equal(model.fields[ml.field].code, 'cs.LG');
    assert.ok(ml.known);
    // half the words unknown to the model: coverage 0.4 < 0.5
    const foreign = guessField(model, 'Galaxy redshift and wombat burrow soil.');
    assert.ok(!foreign.known && foreign.coverage < 0.5, JSON.stringify(foreign));
    // no word the model knows: the biases alone, an even split
    const none = guessField(model, 'Wombat burrows in alpine soil.');
    assert.ok(!none.known);
    assert.equal(none.coverage, 0);
  });

  test('genre phrases: a listed term, or a longer phrase all of whose pairs are listed; a pair is not judged by its words', () => {
    const model = decodeFieldModel(tinyModelFile());
    assert.ok(isGenrePhrase(model, ['future', 'research']));
    assert.ok(isGenrePhrase(model, ['idea']));
    assert.ok(!isGenrePhrase(model, ['research']));
    assert.ok(!isGenrePhrase(model, ['idea', 'galaxy']));
    assert.ok(!isGenrePhrase(model, []));
  });

  test('an unknown format is refused', () => {
    assert.throws(() => decodeFieldModel({ ...tinyModelFile(), format: 2 as 1 }), /unknown format 2/);
  });
});

describe('the shipped field model', () => {
  const model = arxivFieldModel();

  test('names every field and archive as arXiv does, and keeps its weights sparse', () => {
    assert.ok(model.fields.length >= 20, `${model.fields.length} fields`);
    for (const f of model.fields) {
      assert.match(f.code, /^[a-z-]+(\.[A-Za-z-]+)?$/);
      assert.ok(f.name.length > 2 && f.name !== f.code, f.code);
      assert.ok(model.archiveNames[f.archive], f.archive);
    }
    assert.ok(model.postingWeight.length < 200 * model.fields.length * 20, 'sparse');
    assert.ok(model.minConfidence > 0 && model.minConfidence < 1);
  });

  test('abstracts of made-up words, or of no science at all, are of no known field', () => {
    assert.ok(
      !guessField(model, 'We study kalomi and rutevo in zanpel dorfi. Our shobre kalomi improves nixgu.').known,
    );
    assert.ok(!guessField(model, '').known);
  });
});
