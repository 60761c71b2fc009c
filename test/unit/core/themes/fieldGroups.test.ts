import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { FieldGuess, FieldModel } from '../../../../src/core/fields';
import { fieldGroups, fieldThemeMin } from '../../../../src/core/themes/fieldGroups';

/** A model of these fields, for the grouping alone (no weights: the guesses are given). */
function modelOf(codes: string[]): FieldModel {
  return {
    fields: codes.map((code) => ({ code, name: `Name of ${code}`, archive: code.split('.')[0] })),
    archiveNames: { cs: 'Computer Science', math: 'Mathematics', 'q-bio': 'Quantitative Biology' },
    terms: [],
    idf: new Float32Array(0),
    bias: new Float64Array(codes.length),
    postingStart: new Uint32Array(1),
    postingField: new Uint16Array(0),
    postingWeight: new Float32Array(0),
    minConfidence: 0.5,
    minCoverage: 0.5,
    genreTerms: new Set(),
    source: 'test',
  };
}

/** A confident guess of field k among `of`, with `second` as the next most probable. */
function guess(k: number, of: number, known = true, second?: number): FieldGuess {
  const probabilities = new Float32Array(of);
  probabilities[k] = 0.7;
  if (second !== undefined) probabilities[second] = 0.3;
  return { field: k, probability: 0.7, archiveProbability: 0.7, known, coverage: 0.9, probabilities };
}

describe('fieldGroups', () => {
  const codes = ['cs.CL', 'cs.CV', 'cs.DB', 'cs.NI', 'math.AP', 'math.PR', 'q-bio.PE'];
  const model = modelOf(codes);
  const k = (code: string) => codes.indexOf(code);
  const repeat = (n: number, g: () => FieldGuess) => Array.from({ length: n }, g);

  test('a field with enough papers is a broad theme of its own, named and coded as arXiv does', () => {
    const guesses = [...repeat(40, () => guess(k('cs.CL'), 7)), ...repeat(35, () => guess(k('cs.CV'), 7))];
    const { groups, unknown } = fieldGroups(model, guesses, 30);
    assert.deepEqual(
      groups.map((g) => [g.field, g.label, g.members.length]),
      [
        ['cs.CL', 'Name of cs.CL', 40],
        ['cs.CV', 'Name of cs.CV', 35],
      ],
    );
    assert.deepEqual(unknown, []);
  });

  test('small fields join their archive when it has enough papers, else the likeliest big group', () => {
    const guesses = [
      ...repeat(40, () => guess(k('cs.CL'), 7)),
      ...repeat(20, () => guess(k('math.AP'), 7)),
      ...repeat(15, () => guess(k('math.PR'), 7)),
      ...repeat(5, () => guess(k('q-bio.PE'), 7, true, k('math.AP'))),
    ];
    const { groups } = fieldGroups(model, guesses, 30);
    const byField = new Map(groups.map((g) => [g.field, g]));
    assert.deepEqual([...byField.keys()], ['cs.CL', 'math']);
    assert.equal(byField.get('math')!.label, 'Mathematics');
    // the five q-bio papers: q-bio has too few, and math.AP (in the math group) is their next likeliest field
    assert.equal(byField.get('math')!.members.length, 40);
    assert.ok(byField.get('math')!.members.includes(79));
  });

  test('papers of no known field are left out; a library of none has no field groups', () => {
    const guesses = [...repeat(40, () => guess(k('cs.CL'), 7)), guess(k('cs.CV'), 7, false)];
    assert.deepEqual(fieldGroups(model, guesses, 30).unknown, [40]);
    const none = fieldGroups(
      model,
      repeat(10, () => guess(k('cs.CL'), 7)),
      30,
    );
    assert.deepEqual(none.groups, []);
    assert.equal(none.unknown.length, 10);
  });

  test('the smallest field theme grows with the library: 30 papers, or a 400th of it', () => {
    assert.equal(fieldThemeMin(3000), 30);
    assert.equal(fieldThemeMin(20000), 50);
    assert.equal(fieldThemeMin(100000), 250);
  });
});
