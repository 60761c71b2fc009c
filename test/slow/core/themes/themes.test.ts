import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { broadThemeCount, groupByTheme, TWO_LEVEL_MIN } from '../../../../src/core/themes/themes';
import { normalizedMutualInformation } from '../../../../src/core/themes/nmi';
import { buildVectors } from '../../../../src/core/vectors/vectors';
import { repoRoot } from '../../../helpers/repoRoot';
import { groupSeeds, loadSeeds } from '../../../helpers/seedCorpus';
import { madeUpTwoLevelLibrary } from '../../../helpers/madeUpCorpus';
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

describe('groupByTheme on a library of thousands: two levels', () => {
  const library = madeUpTwoLevelLibrary();
  const papers = library.map((p, i) => ({ id: `p${String(i).padStart(5, '0')}`, abstract: p.text }));
  const themes = groupByTheme(papers);
  const byId = new Map(themes.map((t) => [t.id, t]));
  const leafOf = themeOf(themes);

  test(`${papers.length} papers (≥ TWO_LEVEL_MIN): broad themes, subthemes inside them, each paper in one theme`, () => {
    assert.ok(papers.length >= TWO_LEVEL_MIN);
    assertPartition(
      themes,
      papers.map((p) => p.id),
    );
    const broad = themes.filter((t) => t.parent === undefined);
    assert.equal(broad.length, broadThemeCount(papers.length));
    for (const t of themes.filter((s) => s.parent !== undefined)) {
      const parent = byId.get(t.parent!);
      assert.ok(parent && parent.parent === undefined, `${t.label}: its parent is a broad theme`);
      assert.ok(t.paperIds.length > 0);
    }
    for (const b of broad) {
      const subs = themes.filter((s) => s.parent === b.id);
      assert.ok(subs.length === 0 ? b.paperIds.length > 0 : subs.length >= 2 && b.paperIds.length === 0, b.label);
    }
    // each broad theme is followed by its subthemes
    themes.forEach((t, i) => {
      if (t.parent !== undefined) assert.ok(themes[i - 1].parent === t.parent || themes[i - 1].id === t.parent);
    });
  });

  test('the broad themes find the fields and the subthemes the topics', () => {
    const top = papers.map((p) => {
      const t = byId.get(leafOf.get(p.id)!)!;
      return t.parent ?? t.id;
    });
    const leaf = papers.map((p) => leafOf.get(p.id)!);
    const fieldNmi = normalizedMutualInformation(
      top,
      library.map((p) => p.field),
    );
    const topicNmi = normalizedMutualInformation(
      leaf,
      library.map((p) => p.topic),
    );
    assert.ok(fieldNmi >= 0.8, `NMI of the broad themes against the fields: ${fieldNmi.toFixed(3)}`);
    assert.ok(topicNmi >= 0.7, `NMI of the subthemes against the topics: ${topicNmi.toFixed(3)}`);
  });

  test("labels are distinct across both levels and no subtheme's label repeats a phrase of its parent's", () => {
    assert.equal(new Set(themes.map((t) => t.label.toLowerCase())).size, themes.length);
    for (const t of themes.filter((s) => s.parent !== undefined)) {
      const parentPhrases = byId
        .get(t.parent!)!
        .label.toLowerCase()
        .split(/,| and | for /)
        .map((s) => s.trim());
      for (const phrase of t.label
        .toLowerCase()
        .split(/,| and | for /)
        .map((s) => s.trim()))
        assert.ok(
          !parentPhrases.some((p) => phrase.includes(p) || p.includes(phrase)),
          `"${t.label}" under "${byId.get(t.parent!)!.label}"`,
        );
    }
  });
});
