import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Analysis, analyzeCorpus, growAnalysis } from '../../../../src/core/analysis';
import { Corpus, mergeCollections, parseCollectionBytes } from '../../../../src/core/collections/corpus';
import { normalizedMutualInformation } from '../../../../src/core/themes/nmi';
import { repoRoot } from '../../../helpers/repoRoot';
import { madeUpEcologyAbstracts, madeUpTwoLevelLibrary } from '../../../helpers/madeUpCorpus';

const seedsDir = join(repoRoot(), 'seeds');
const seedFiles = readdirSync(seedsDir)
  .filter((f) => f.endsWith('.txt'))
  .sort();
const encode = (text: string) => new TextEncoder().encode(text);

function corpusOf(files: { path: string; text: string }[]): Corpus {
  return mergeCollections(files.map((f) => ({ path: f.path, result: parseCollectionBytes(encode(f.text), f.path) })));
}
const seedFile = (name: string) => ({ path: name, text: readFileSync(join(seedsDir, name), 'utf8') });
const dump = (path: string, lines: string[]) => ({ path, text: `Daily Papers\n${lines.join('\n')}\n` });

/** Every paper of `before` in the same theme in `after`, and every theme of `before` with the same label. */
function assertStable(before: Analysis, after: Analysis): void {
  for (const p of before.papers) assert.equal(after.byId.get(p.id)?.theme, p.theme, `paper ${p.id} moved`);
  for (const t of before.computedThemes)
    assert.equal(after.computedThemes.find((x) => x.id === t.id)?.label, t.label, `theme ${t.id} relabelled`);
}

function handNmi(a: Analysis): number {
  const rows = JSON.parse(readFileSync(join(repoRoot(), 'test', 'fixtures', 'theme-labels.json'), 'utf8')) as {
    id: string;
    topic: string;
  }[];
  const labelled = rows.filter((r) => a.byId.has(r.id));
  return normalizedMutualInformation(
    labelled.map((r) => a.byId.get(r.id)!.theme),
    labelled.map((r) => r.topic),
  );
}

describe('growAnalysis on the seeds', () => {
  test('the first two dumps, then the third (a third of the library): grouped afresh, NMI within 0.03 of a full analysis', () => {
    const [d1, d2, d3] = seedFiles.map(seedFile);
    const before = analyzeCorpus(corpusOf([d1, d2]));
    const oldLabels = new Map(before.computedThemes.map((t) => [t.id, t.label]));
    // growth takes over the paper objects of `before`: what they were is read first
    const oldThemes = new Map(before.papers.map((p) => [p.id, p.theme]));
    const nmiBefore = handNmi(before);
    const grown = growAnalysis(before, corpusOf([d1, d2, d3]));
    const full = analyzeCorpus(corpusOf([d1, d2, d3]));
    const a = grown.analysis;
    assert.equal(a.papers.length, full.papers.length);
    assert.ok(grown.regrouped, '105 papers joining 235 group the library afresh');
    const kept = a.computedThemes.filter((t) => oldLabels.get(t.id) === t.label).length;
    const moved = [...oldThemes].filter(([id, theme]) => a.byId.get(id)!.theme !== theme).length;
    const [nmiGrown, nmiFull] = [handNmi(a), handNmi(full)];
    console.log(
      `seeds: NMI against the hand labels, grown ${nmiGrown.toFixed(3)} (${a.themes.length} themes, ` +
        `${grown.added.length} added, ${kept} of ${oldLabels.size} labels kept, ${moved} of ${oldThemes.size} ` +
        `papers in a theme of another id, new themes: ${grown.newThemes.map((t) => t.label).join('; ') || 'none'}), ` +
        `full analysis ${nmiFull.toFixed(3)} (${full.themes.length} themes); the first 235 alone ${nmiBefore.toFixed(3)}`,
    );
    assert.ok(kept >= 1, 'topics found again keep their labels');
    // the issue's bound: a grown library as good as a full analysis of it
    assert.ok(nmiGrown >= nmiFull - 0.03, `grown ${nmiGrown} against full ${nmiFull}`);
  });

  test('papers of a field the seeds never saw (reef ecology) form a new theme, the machine-learning papers stay put', () => {
    const seeds = seedFiles.map(seedFile);
    const before = analyzeCorpus(corpusOf(seeds));
    const ecology = madeUpEcologyAbstracts(30);
    const mixed = [...ecology, ...readFileSync(join(seedsDir, seedFiles[2]), 'utf8').split('\n').slice(1, 21)];
    const grown = growAnalysis(before, corpusOf([...seeds, dump('reefs.txt', mixed)]));
    const a = grown.analysis;
    assertStable(before, a);
    assert.ok(grown.newThemes.length >= 1, 'a new theme');
    const ids = corpusOf([dump('x.txt', ecology)]).papers.map((p) => p.id);
    const fresh = new Set(grown.newThemes.map((t) => t.id));
    const inNew = ids.filter((id) => fresh.has(a.byId.get(id)!.theme)).length;
    console.log(`new themes: ${grown.newThemes.map((t) => `${t.label} (${t.paperIds.length})`).join('; ')}`);
    assert.ok(inNew >= 0.8 * ids.length, `${inNew} of ${ids.length} ecology papers in new themes`);
    const ecologyIds = new Set(ids);
    for (const t of grown.newThemes)
      assert.ok(
        t.paperIds.filter((id) => ecologyIds.has(id)).length >= 0.8 * t.paperIds.length,
        `"${t.label}" is mostly ecology`,
      );
  });
});

describe('growAnalysis on a library with two levels of themes', () => {
  test('newcomers join subthemes; broad themes and subthemes keep papers and labels; a new field forms a theme at the top', () => {
    const all = madeUpTwoLevelLibrary(7, 4, 150);
    const known = all.filter((p) => p.field !== 'f6');
    const library = known.filter((_, i) => i % 13 !== 0);
    const arriving = known.filter((_, i) => i % 13 === 0);
    const foreign = all.filter((p) => p.field === 'f6').slice(0, 60);
    const day1 = dump(
      'library.txt',
      library.map((p) => p.text),
    );
    const before = analyzeCorpus(corpusOf([day1]));
    assert.ok(
      before.computedThemes.some((t) => t.parent !== undefined),
      'two levels',
    );
    const grown = growAnalysis(
      before,
      corpusOf([
        day1,
        dump(
          'day2.txt',
          [...arriving, ...foreign].map((p) => p.text),
        ),
      ]),
    );
    const a = grown.analysis;
    assertStable(before, a);
    // a known newcomer joins a subtheme whose library papers are of its own topic
    const topicOf = new Map(
      corpusOf([
        dump(
          'x.txt',
          all.map((p) => p.text),
        ),
      ]).papers.map((p, i) => [p.id, all[i].topic]),
    );
    const arrivingIds = corpusOf([
      dump(
        'y.txt',
        arriving.map((p) => p.text),
      ),
    ]).papers.map((p) => p.id);
    let right = 0;
    for (const id of arrivingIds) {
      const theme = a.computedThemes.find((t) => t.id === a.byId.get(id)!.theme)!;
      assert.ok(theme.parent !== undefined, 'a newcomer of a known field joins a subtheme');
      const mates = before.computedThemes.find((t) => t.id === theme.id)?.paperIds ?? [];
      if (mates.filter((m) => topicOf.get(m) === topicOf.get(id)).length > mates.length / 2) right++;
    }
    assert.ok(right >= 0.8 * arrivingIds.length, `${right} of ${arrivingIds.length} joined a subtheme of their topic`);
    const top = grown.newThemes.filter((t) => t.parent === undefined);
    const foreignIds = new Set(
      corpusOf([
        dump(
          'z.txt',
          foreign.map((p) => p.text),
        ),
      ]).papers.map((p) => p.id),
    );
    const inNewTop = [...foreignIds].filter((id) => top.some((t) => t.paperIds.includes(id))).length;
    assert.ok(
      inNewTop >= 0.8 * foreignIds.size,
      `${inNewTop} of ${foreignIds.size} of the new field in new broad themes`,
    );
  });
});
