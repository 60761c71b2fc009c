// The seed abstracts (seeds/*.txt) as the theme and vector tests use them. Nothing is read at import: a unit test
// that imports this module reads the seeds only when it calls loadSeeds().
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseDailyPapers } from '../../src/core/collections/formats/dailyPapers';
import { groupByTheme } from '../../src/core/themes/themes';
import { Theme } from '../../src/core/papers/types';
import { repoRoot } from './repoRoot';

/** Every seed paper once (the first file that has it wins), in file-name order. */
export function loadSeeds(): { id: string; abstract: string }[] {
  const seedsDir = join(repoRoot(), 'seeds');
  const byId = new Map<string, string>();
  for (const f of readdirSync(seedsDir)
    .filter((f) => f.endsWith('.txt'))
    .sort()) {
    for (const p of parseDailyPapers(readFileSync(join(seedsDir, f), 'utf8'), f).papers)
      if (!byId.has(p.id)) byId.set(p.id, p.abstract);
  }
  return [...byId].map(([id, abstract]) => ({ id, abstract }));
}

/** groupByTheme of the seeds, printing how long it took (the first call, so with a cold JIT). */
export function groupSeeds(seeds: { id: string; abstract: string }[]): Theme[] {
  const t0 = performance.now();
  const themes = groupByTheme(seeds);
  console.log(
    `grouping + labels of ${seeds.length} seeds: ${(performance.now() - t0).toFixed(0)} ms (first call, cold JIT)`,
  );
  return themes;
}
