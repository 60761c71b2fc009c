/**
 * `npm run bench -- titles [count]`: derived titles on real abstracts whose real titles are known, the held-out
 * quarter of the dev corpus (../shared/real or $PAPERS_REAL_DIR; devCorpus.ts devSplit), which the title ranker
 * never trained on. The first `count` (default 20,000) held-out papers are one library, and so are the cs ones
 * among them. For each, with the hand rules and with the learned ranker (and then the library pass that tells
 * duplicate titles apart) in the same run: titles with raw LaTeX, titles of two words or fewer without a name,
 * titles shared with another paper, and, where the real title starts with a one-word name ("Name: ..."), how often
 * the derived method is that name. Then the seeds' method names
 * (test/fixtures/method-names.json) under both.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseDailyPapers } from '../../../src/core/collections/formats/dailyPapers';
import { paperText } from '../../../src/core/papers';
import { deriveTitle, distinctTitles, type TitleOptions } from '../../../src/core/titles';
import { devCorpusDir, readDevCorpus } from '../../lib/devCorpus';
import { share, TitleFigures, titleFigures, titleName } from '../../lib/titleFigures';

const root = resolve(__dirname, '..', '..', '..');
const NUMBERED = / \(\d+\)$/;
const pct = (a: number, b: number) => `${(100 * share(a, b)).toFixed(2)}%`;

function row(name: string, f: TitleFigures, ms: number): string {
  return (
    `| ${name} | ${f.papers} | ${pct(f.latex, f.papers)} | ${pct(f.shortNameless, f.papers)} | ` +
    `${pct(f.duplicates, f.papers)} | ${f.namedAgree} / ${f.named} = ${pct(f.namedAgree, f.named)} | ${Math.round(ms)} ms |`
  );
}

/**
 * Seeds' method names as the slow titles test counts them: the labelled name (or a spelling of it) in the title,
 * and no name derived where the label has none.
 */
function seedMethodNames(options: TitleOptions): { hit: number; named: number; noneHit: number; none: number } {
  const byId = new Map<string, string>();
  const dir = join(root, 'seeds');
  for (const f of readdirSync(dir).sort())
    if (f.endsWith('.txt'))
      for (const p of parseDailyPapers(readFileSync(join(dir, f), 'utf8'), f).papers)
        if (!byId.has(p.id)) byId.set(p.id, paperText(p));
  const labels = JSON.parse(readFileSync(join(root, 'test', 'fixtures', 'method-names.json'), 'utf8')) as {
    id: string;
    method: string | null;
    also?: string[];
  }[];
  const s = { hit: 0, named: 0, noneHit: 0, none: 0 };
  for (const l of labels) {
    const text = byId.get(l.id);
    if (!text) continue;
    const r = deriveTitle(text, options);
    if (!l.method) {
      s.none++;
      if (r.method === null) s.noneHit++;
      continue;
    }
    s.named++;
    if ([l.method, ...(l.also ?? [])].some((n) => r.title.toLowerCase().includes(n.toLowerCase()))) s.hit++;
  }
  return s;
}

function main(): void {
  const count = Number(process.argv[2] ?? 20_000);
  const dir = devCorpusDir(root);
  if (!dir) {
    console.log('skipped: no real dev corpus (arxiv-dev-80k.txt.gz in ../shared/real or $PAPERS_REAL_DIR)');
    return;
  }
  const heldOut = readDevCorpus(dir)
    .filter((p) => p.part === 'heldOut')
    .slice(0, count);
  const numbered: string[] = [];
  const cs = heldOut.filter((p) => p.primary.startsWith('cs.'));
  console.log(
    `held-out dev papers: ${heldOut.length} (${cs.length} cs); real titles "Name: ...": ` +
      `${heldOut.filter((p) => titleName(p.title)).length}\n`,
  );
  console.log(
    '| papers | titles | raw LaTeX | ≤ 2 words, no name | shared with another paper | method = "Name:" | time |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const [label, papers] of [
    ['cs', cs],
    ['all', heldOut],
  ] as const) {
    const titles = papers.map((p) => p.title);
    let t = performance.now();
    const hand = papers.map((p) => deriveTitle(p.text, { rules: 'hand' }));
    console.log(row(`${label}, hand rules`, titleFigures(hand, titles), performance.now() - t));
    t = performance.now();
    const learned = papers.map((p) => deriveTitle(p.text));
    console.log(row(`${label}, learned ranker`, titleFigures(learned, titles), performance.now() - t));
    t = performance.now();
    const distinct = distinctTitles(
      learned,
      papers.map((p) => p.text),
    );
    const ms = performance.now() - t;
    console.log(row(`${label}, learned ranker + library pass`, titleFigures(distinct, titles), ms));
    numbered.push(`${label}: ${distinct.filter((d) => NUMBERED.test(d.title)).length}`);
  }
  console.log(`\n(the library pass's time is its own; titles told apart by a number alone: ${numbered.join(', ')})`);
  for (const [rules, options] of [
    ['hand rules', { rules: 'hand' }],
    ['learned ranker', { rules: 'learned' }],
  ] as const) {
    const s = seedMethodNames(options);
    const all = (s.hit + s.noneHit) / (s.named + s.none);
    console.log(
      `seeds, ${rules}: method names ${all.toFixed(3)} (name in title ${s.hit} / ${s.named}, ` +
        `no invented name ${s.noneHit} / ${s.none})`,
    );
  }
}

main();
