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
});
