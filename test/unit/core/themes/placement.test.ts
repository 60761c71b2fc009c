import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { placePapers, ThemeModel } from '../../../../src/core/themes';
import { EmbeddingSpace } from '../../../../src/core/vectors';

const unit = (...xs: number[]) => {
  const s = Math.sqrt(xs.reduce((a, x) => a + x * x, 0));
  return Float32Array.from(xs, (x) => x / s);
};

describe('placePapers', () => {
  test("a newcomer that fits a field's theme made at once by this placement is in that theme's papers", () => {
    const model: ThemeModel = {
      space: {} as EmbeddingSpace, // placement reads the newcomers' rows, never the space
      clusterDims: 3,
      themes: [
        {
          id: 'cv',
          label: 'Computer Vision and Pattern Recognition',
          field: 'cs.CV',
          centroid: unit(1, 0, 0),
          floor: 0.5,
        },
      ],
      coverageFloor: 0.5,
      groupedPapers: 100,
      placedSince: 0,
      poorSince: 0,
    };
    const quantum =
      'We study the entanglement of superconducting qubits coupled to a microwave resonator. A quantum error correction code protects the logical qubit against decoherence, and we measure the fidelity of two-qubit gates on the quantum processor.';
    const placed = placePapers(
      model,
      [
        { id: 'q', text: quantum, row: unit(0, 1, 0.1), coverage: 1 },
        // of no field the model knows, and nearest to the quantum physics theme just made
        { id: 'odd', text: 'We study kazolo mipelru and tevozan in dorfigu.', row: unit(0, 1, 0.1), coverage: 0 },
      ],
      () => [],
    );
    const made = placed.newThemes.find((t) => t.field === 'quant-ph');
    assert.ok(made, 'the field of the first newcomer made its theme');
    for (const id of ['q', 'odd']) {
      const theme = placed.themeOf.get(id);
      assert.ok(theme !== undefined, `${id} placed`);
      const isNew = placed.newThemes.find((t) => t.id === theme);
      if (isNew) assert.ok(isNew.paperIds.includes(id), `${id} is among the papers of ${theme}`);
    }
  });

  /** A model of two themes without fields, A and B, in 12 dimensions, each fitting only papers close to it. */
  const twoThemes = (): ThemeModel => ({
    space: {} as EmbeddingSpace,
    clusterDims: 12,
    themes: [
      { id: 'a', label: 'Graph neural networks', centroid: axis(0), floor: 0.9 },
      { id: 'b', label: 'Speech recognition', centroid: axis(1), floor: 0.9 },
    ],
    coverageFloor: 0.5,
    groupedPapers: 100,
    placedSince: 0,
    poorSince: 0,
  });
  function axis(i: number, weight = 1, plus?: { at: number; weight: number }): Float32Array {
    const xs = new Array<number>(12).fill(0);
    xs[i] = weight;
    if (plus) xs[plus.at] += plus.weight;
    return unit(...xs);
  }
  const background = (themeId: string, count: number) =>
    Array.from({ length: count }, (_, i) => ({
      id: `${themeId}-${i}`,
      text: `We train a model on benchmark data for task ${themeId} number ${i}, and report its accuracy.`,
    }));

  test('strays that crowd nowhere are not clustered: they join their nearest themes, as poor fits', () => {
    // each stray leans to a theme (cosine 0.6, under its floor) and away from every other stray (cosine 0.36 or 0)
    const strays = Array.from({ length: 8 }, (_, i) => ({
      id: `s${i}`,
      text: `A paper on topic ${i}.`,
      row: axis(i % 2, 0.6, { at: 2 + i, weight: 0.8 }),
      coverage: 1,
    }));
    const asked: string[] = [];
    const placed = placePapers(twoThemes(), strays, (id, count) => {
      asked.push(id);
      return background(id, count);
    });
    assert.deepEqual(asked, [], "no theme's papers were read for a clustering");
    assert.equal(placed.poor, 8);
    assert.deepEqual(placed.newThemes, []);
    for (const [i, p] of strays.entries()) assert.equal(placed.themeOf.get(p.id), i % 2 === 0 ? 'a' : 'b');
  });

  test('strays that crowd together are clustered beside the themes’ papers', () => {
    // eight strays nearer to each other (cosine about 0.99) than to any theme (0.3)
    const strays = Array.from({ length: 8 }, (_, i) => ({
      id: `s${i}`,
      text: `Quantum annealing of spin glasses on superconducting hardware, study ${i}.`,
      row: axis(10, 0.95, { at: i % 2 === 0 ? 0 : 1, weight: 0.3 }),
      coverage: 1,
    }));
    const asked: string[] = [];
    const placed = placePapers(twoThemes(), strays, (id, count) => {
      asked.push(id);
      return background(id, count);
    });
    assert.deepEqual(asked.sort(), ['a', 'b'], "both themes' typical papers were clustered beside the strays");
    assert.equal(placed.themeOf.size, 8, 'every stray placed');
  });
});
