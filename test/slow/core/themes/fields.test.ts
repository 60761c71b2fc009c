// Fields at the top of a two-level grouping, on real arXiv abstracts: the held-out quarter of the dev corpus
// (../shared/real; the field model never trained on it), read at run time and never copied into the repository.
// Without the corpus every test here is skipped, and says why.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeCorpus, growAnalysis } from '../../../../src/core/analysis';
import { Corpus, mergeCollections, parseCollectionBytes } from '../../../../src/core/collections/corpus';
import { arxivFieldModel } from '../../../../src/core/fields';
import { normalizedMutualInformation } from '../../../../src/core/themes/nmi';
import { TWO_LEVEL_MIN } from '../../../../src/core/themes/themes';
import { DevPaper, devCorpusDir, readDevCorpus } from '../../../../scripts/lib/devCorpus';
import { repoRoot } from '../../../helpers/repoRoot';

const dir = devCorpusDir(repoRoot());
const skip = dir ? false : 'no dev corpus of real abstracts (../shared/real or $PAPERS_REAL_DIR)';
const heldOut = dir ? readDevCorpus(dir).filter((p) => p.part === 'heldOut') : [];

const dump = (path: string, papers: readonly DevPaper[]) => ({
  path,
  result: parseCollectionBytes(
    new TextEncoder().encode(`Daily Papers\n${papers.map((p) => p.line).join('\n')}\n`),
    path,
  ),
});
const corpusOf = (...files: ReturnType<typeof dump>[]): Corpus => mergeCollections(files);
const archiveOf = (code: string) => code.split('.')[0];

describe('fields at the top, on real abstracts the field model never saw', { skip }, () => {
  const library = heldOut.filter((p) => p.primary.startsWith('cs.')).slice(0, TWO_LEVEL_MIN + 200);
  const analysis = dir ? analyzeCorpus(corpusOf(dump('library.txt', library))) : undefined;
  const names = new Set(arxivFieldModel().fields.map((f) => f.name));
  const archiveNames = new Set(Object.values(arxivFieldModel().archiveNames));

  test('broad themes are arXiv fields, named as arXiv names them, with topics inside; they follow the categories', () => {
    const a = analysis!;
    const broad = a.themes.filter((t) => t.parent === undefined);
    const fields = broad.filter((t) => t.field !== undefined);
    assert.ok(fields.length >= 4, broad.map((t) => t.label).join(', '));
    for (const t of fields) assert.ok(names.has(t.label) || archiveNames.has(t.label), t.label);
    assert.ok(
      a.themes.some((t) => t.parent !== undefined),
      'topics inside the fields',
    );
    const ids = dump('library.txt', library).result.papers.map((p) => p.id);
    const byId = new Map(a.themes.map((t) => [t.id, t]));
    const top = ids.map((id) => {
      const t = byId.get(a.byId.get(id)!.theme)!;
      return t.parent ?? t.id;
    });
    const nmi = normalizedMutualInformation(
      top,
      library.map((p) => p.primary),
    );
    // a plain TF-IDF → SVD → k-means baseline reaches about 0.25 on such cs slices (docs/benchmarks.md)
    assert.ok(nmi >= 0.4, `NMI of the broad themes against the arXiv categories: ${nmi.toFixed(3)}`);
  });

  test('a day with papers of a field the library lacks makes that field a new broad theme, named by arXiv', () => {
    const a = analysis!;
    const astro = heldOut.filter((p) => archiveOf(p.primary) === 'astro-ph').slice(0, 40);
    const day = heldOut.filter((p) => p.primary.startsWith('cs.')).slice(TWO_LEVEL_MIN + 200, TWO_LEVEL_MIN + 260);
    const fieldBefore = new Map(a.papers.map((p) => [p.id, a.themes.find((t) => t.id === p.theme)?.parent ?? p.theme]));
    const astroDump = dump('astro.txt', astro);
    const grown = growAnalysis(a, corpusOf(dump('library.txt', library), dump('day.txt', day), astroDump));
    const g = grown.analysis;
    const newBroad = new Set(grown.newThemes.filter((t) => t.parent === undefined).map((t) => t.id));
    const broadOf = (id: string) => {
      const t = g.themes.find((x) => x.id === g.byId.get(id)!.theme)!;
      return t.parent ?? t.id;
    };
    const astroIds = astroDump.result.papers.map((p) => p.id);
    const inNew = astroIds.filter((id) => newBroad.has(broadOf(id))).length;
    assert.ok(inNew >= 0.9 * astroIds.length, `${inNew} of ${astroIds.length} astrophysics papers in new broad themes`);
    for (const id of newBroad) {
      const t = g.themes.find((x) => x.id === id)!;
      if (t.field !== undefined) assert.ok(names.has(t.label) || archiveNames.has(t.label), t.label);
    }
    // the papers already there keep their broad theme
    for (const p of a.papers) {
      const t = g.themes.find((x) => x.id === g.byId.get(p.id)!.theme)!;
      assert.equal(t.parent ?? t.id, fieldBefore.get(p.id), `${p.id} changed field`);
    }
  });
});
