/**
 * `npm run bench -- themes-at-scale <n> [swap]`: do themes keep the seeds' quality at scale, where the corpora
 * overlap? Builds n synthetic abstracts from the seeds (synthCorpus.ts; `swap` = the share of sentences taken
 * from random other abstracts, 0.35 in `npm run bench`, 0 for near-copies of the seeds), analyzes them, and prints
 * the NMI of their themes against the hand labels of the seeds (test/fixtures/theme-labels.json, each synthetic
 * abstract labelled by the majority of its sentences' sources) and against the seeds' own themes carried over
 * the same way. The reference line is what the seeds' themes, carried over, score against those labels.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { analyzeCorpus } from '../../../src/core/analysis/analyze';
import { loadCorpus, mergeCollections, parseCollectionBytes } from '../../../src/core/collections/corpus';
import { normalizedMutualInformation as nmi } from '../../../src/core/themes/nmi';
import { nodeFileSource } from '../../../src/node/files/nodeFileSource';
import { synthCorpus } from '../common/synthCorpus';
import { handLabels, majorityLabel } from './themeQuality';

async function main(n: number, swap: number): Promise<void> {
  const seeds = join(__dirname, '..', '..', '..', 'seeds');
  const files = readdirSync(seeds)
    .filter((f) => f.endsWith('.txt'))
    .sort()
    .map((f) => join(seeds, f));
  const corpus = await loadCorpus(files, nodeFileSource);
  const seedTheme = new Map(analyzeCorpus(corpus).papers.map((p) => [p.id, p.theme]));
  const labels = handLabels();
  const ids = corpus.papers.map((p) => p.id);
  const synth = synthCorpus(
    corpus.papers.map((p) => p.abstract),
    n,
    7,
    swap,
  );
  const label: string[] = [];
  const carried: string[] = [];
  for (const origin of synth.origins) {
    const majority = majorityLabel(origin, ids, labels)!; // every seed is hand-labelled
    label.push(majority.label);
    carried.push(seedTheme.get(ids[majority.source])!);
  }
  const bytes = new TextEncoder().encode(`Daily Papers\n\n${synth.texts.join('\n\n')}\n`);
  const a = analyzeCorpus(mergeCollections([{ path: 'synth.txt', result: parseCollectionBytes(bytes, 'synth.txt') }]));
  const index = new Map<string, number>();
  synth.texts.forEach((t, i) => index.has(t.trim()) || index.set(t.trim(), i));
  const ours: string[] = [];
  const l: string[] = [];
  const c: string[] = [];
  for (const p of a.papers) {
    const i = index.get(p.abstract.trim());
    if (i === undefined) continue;
    ours.push(p.theme);
    l.push(label[i]);
    c.push(carried[i]);
  }
  const f = (x: number) => x.toFixed(3);
  process.stdout.write(
    `${n} synthetic abstracts (swap ${swap}), ${a.papers.length} distinct, ${a.themes.length} themes\n`,
  );
  process.stdout.write(`  reference: the seeds' themes carried over vs hand labels  NMI ${f(nmi(carried, label))}\n`);
  process.stdout.write(
    `  themes of this corpus vs hand labels                       NMI ${f(nmi(ours, l))} (${ours.length} papers)\n`,
  );
  process.stdout.write(`  themes of this corpus vs the seeds' themes carried over    NMI ${f(nmi(ours, c))}\n`);
}

main(Number(process.argv[2] ?? 10000), Number(process.argv[3] ?? 0.35)).catch((err: unknown) => {
  process.stderr.write(`${(err as Error).stack}\n`);
  process.exitCode = 1;
});
