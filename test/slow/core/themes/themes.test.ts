import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { groupByTheme } from '../../../../src/core/themes/themes';
import { normalizedMutualInformation } from '../../../../src/core/themes/nmi';
import { buildVectors } from '../../../../src/core/vectors/vectors';
import { repoRoot } from '../../../helpers/repoRoot';
import { groupSeeds, loadSeeds } from '../../../helpers/seedCorpus';
import { shuffled } from '../../../helpers/shuffled';
import { themeOf, assertPartition } from '../../../helpers/themeChecks';

describe('groupByTheme on the seeds', () => {
  const root = repoRoot();
  const seeds = loadSeeds();
  const seedThemes = groupSeeds(seeds);

  test('seeds: every paper in exactly one theme, 10–20 themes, ordered by size then label', () => {
    assertPartition(
      seedThemes,
      seeds.map((p) => p.id),
    );
    assert.ok(seedThemes.length >= 10 && seedThemes.length <= 20, `${seedThemes.length} themes`);
    for (let i = 1; i < seedThemes.length; i++) {
      const [a, b] = [seedThemes[i - 1], seedThemes[i]];
      assert.ok(
        a.paperIds.length > b.paperIds.length || (a.paperIds.length === b.paperIds.length && a.label <= b.label),
      );
    }
    for (const t of seedThemes) assert.match(t.id, /^[a-z0-9]+(-[a-z0-9]+)*$/);
    console.log(seedThemes.map((t) => `${String(t.paperIds.length).padStart(3)}  ${t.label}`).join('\n'));
  });

  test('seeds: labels are distinct, 2–5 words, made of words as written in the abstracts (no stems, acronyms kept)', () => {
    const written = new Set<string>();
    for (const p of seeds)
      for (const w of p.abstract.match(/[\p{L}\p{N}][\p{L}\p{N}'’\-.]*[\p{L}\p{N}]|[\p{L}\p{N}]/gu) ?? [])
        written.add(w);
    assert.equal(new Set(seedThemes.map((t) => t.label.toLowerCase())).size, seedThemes.length);
    for (const t of seedThemes) {
      const words = t.label.split(' ');
      assert.ok(words.length >= 2 && words.length <= 5, `"${t.label}" has ${words.length} words`);
      words.forEach((w, i) => {
        // Exactly as written; the first word may have been capitalized for sentence case.
        const asWritten = written.has(w) || (i === 0 && written.has(w[0].toLowerCase() + w.slice(1)));
        assert.ok(asWritten, `"${w}" of "${t.label}" is written so in the corpus`);
      });
      assert.match(t.label, /^[\p{Lu}\p{N}]/u, 'sentence case');
    }
  });

  test('seeds: NMI against the hand-labelled topics is at least 0.5', () => {
    const gold = new Map(
      (
        JSON.parse(readFileSync(join(root, 'test', 'fixtures', 'theme-labels.json'), 'utf8')) as {
          id: string;
          topic: string;
        }[]
      ).map((r) => [r.id, r.topic]),
    );
    assert.equal(gold.size, seeds.length);
    const found = themeOf(seedThemes);
    const nmi = normalizedMutualInformation(
      seeds.map((p) => gold.get(p.id)!),
      seeds.map((p) => found.get(p.id)!),
    );
    console.log(
      `NMI on the seeds: ${nmi.toFixed(3)} (${seedThemes.length} themes, ${new Set(gold.values()).size} hand-labelled topics)`,
    );
    assert.ok(nmi >= 0.5, `NMI ${nmi}`);
  });

  test('determinism: shuffled input, same themes, labels, ids and order; precomputed vectors give the same', () => {
    const again = groupByTheme(shuffled(seeds, 42));
    assert.deepEqual(again, seedThemes);
    const order = shuffled(seeds, 7);
    const withVectors = groupByTheme(order, { vectors: buildVectors(order.map((p) => p.abstract)) });
    assert.deepEqual(withVectors, seedThemes);
  });
});
