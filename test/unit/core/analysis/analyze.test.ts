import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Analysis, analyzeCorpus, applyCorrections } from '../../../../src/core/analysis/analyze';
import { mergeCollections, parseCollectionBytes } from '../../../../src/core/collections/corpus';

// Made-up abstracts from four fields, several per field, so the grouping has something to find.
const fields: Record<string, string[]> = {
  astro: ['galaxy', 'telescope', 'redshift', 'dark matter', 'star formation'],
  bio: ['gene expression', 'protein', 'cell', 'genome', 'mutation'],
  econ: ['inflation', 'labor market', 'monetary policy', 'wage', 'unemployment'],
  code: ['compiler', 'static analysis', 'type system', 'program', 'bug'],
};
const lines: string[] = [];
for (const [field, words] of Object.entries(fields)) {
  for (let i = 0; i < 6; i++) {
    const w = (k: number) => words[(i + k) % words.length];
    lines.push(`We study ${w(0)} and ${w(1)} in ${field} number ${i}. Our ${w(2)} model explains ${w(3)} with ${w(4)} data from survey ${i}.`);
  }
}
// non-ASCII text: accents, Greek, CJK, an emoji (a surrogate pair), a byte-order mark inside the text
lines.push('Straße und Café: wir messen die Größe von Wärmeströmen mit λ-Sonden, 熱流 und 🔥 Kameras\ufeff in zwölf Öfen.');
const daily = `Daily Papers\n${lines.join('\n')}\n`;
// a BibTeX file listing one of the dump's abstracts again (a paper in two collections), one of its own
// with every metadata field, and an entry without an abstract (a load problem)
const bib = `@article{hive2021,
  title = {Bees {and} Inflation},
  author = {Hive, Ada and Ćomb, Bø},
  year = {2021},
  doi = {10.9999/bees.4},
  url = {https://example.org/bees},
  abstract = {${lines[12]}}
}
@inproceedings{kite2019,
  title = {KiteFold: Folding Kites with Robots},
  author = {Flyer, Kit},
  year = {2019},
  abstract = {KiteFold folds paper kites with a two-arm robot, learning crease order from forty human demonstrations of the galaxy telescope.}
}
@misc{empty2020,
  title = {No Abstract Here},
  year = {2020}
}
`;

function madeUpAnalysis(): Analysis {
  const files = [
    { path: 'daily.txt', text: daily },
    { path: 'refs.bib', text: bib },
  ];
  return analyzeCorpus(mergeCollections(files.map((f) => ({ path: f.path, result: parseCollectionBytes(new TextEncoder().encode(f.text), f.path) }))));
}

describe('applyCorrections', () => {
  test('corrections re-applied to an analysis move papers and update the theme: filter', () => {
    const a = madeUpAnalysis();
    const paper = a.papers[0];
    applyCorrections(a, { renames: {}, moves: {}, userThemes: [{ id: 'mine', label: 'My reading list', keywords: [] }] });
    applyCorrections(a, { renames: {}, moves: { [paper.id]: 'mine' }, userThemes: [{ id: 'mine', label: 'My reading list', keywords: [] }] });
    assert.equal(a.byId.get(paper.id)!.theme, 'mine');
    assert.deepEqual(a.search.search('theme:"my reading"').map((h) => h.id), [paper.id]);
  });
});
