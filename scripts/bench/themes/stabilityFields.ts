/**
 * The parts of `npm run bench -- --stability` about fields new to a library (stability.ts runs each in a process
 * of its own). The new papers are held-out dev papers (scripts/lib/devCorpus.ts: the field model never read
 * them), of archives or categories chosen by counting, never by hand:
 * - fields: a library of the first N abstracts of one kind in arrival order (`cs`: primary category cs.*; `mixed`:
 *   all of them), and a day of DAY_PAPERS held-out abstracts of the DAY_ARCHIVES archives that have the most
 *   held-out abstracts after the library among those with at most NEARLY_ABSENT of the library, spread evenly.
 * - seeds: the three seed dumps (340 papers, one level of themes), and SEEDS_NEW papers of the SEEDS_FIELDS primary
 *   categories with the most held-out abstracts among those of archives the field model finds in no seed paper.
 * Each day joins by growth (as the extension grows a library); then the library is regrouped, as the extension
 * regroups and fresh. Reported: the share of the day's papers in themes formed by that day at the top (new broad
 * themes; at one level, new themes), and after each regroup the share in top themes made mostly of the day's papers.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Analysis } from '../../../src/core/analysis';
import { arxivFieldModel, guessField } from '../../../src/core/fields';
import { paperText, Theme } from '../../../src/core/papers';
import { DevPaper } from '../../lib/devCorpus';
import { analyzeFiles, dumpIds, growByDay, placesOf, regroup, root, themeCounts, writeDump } from './regroupRun';

/** The day's papers. */
const DAY_PAPERS = 100;
/** How many archives the day's papers come from. */
const DAY_ARCHIVES = 4;
/** An archive is nearly absent from a library when it has at most this share of its papers. */
const NEARLY_ABSENT = 0.002;
/** Fields and papers added to the seeds. */
const SEEDS_FIELDS = 9;
const SEEDS_NEW = 120;
/** After a regroup, a top theme is the day's when at least this share of its papers are (placement.ts's rule). */
const MOSTLY = 0.8;

const archiveOf = (category: string) => category.split('.')[0];

function countBy<T>(items: readonly T[], key: (x: T) => string): Map<string, number> {
  const out = new Map<string, number>();
  for (const x of items) out.set(key(x), (out.get(key(x)) ?? 0) + 1);
  return out;
}

/** The first papers of each group in arrival order, `per(i)` of the i-th group; in arrival order. */
function firstOfEach(
  pool: readonly DevPaper[],
  groups: string[],
  key: (p: DevPaper) => string,
  per: (i: number) => number,
) {
  const taken = new Set<DevPaper>();
  groups.forEach((g, i) =>
    pool
      .filter((p) => key(p) === g)
      .slice(0, per(i))
      .forEach((p) => taken.add(p)),
  );
  return pool.filter((p) => taken.has(p));
}

/** How the day's papers fare: in themes formed by the day at the top after growth, and in the day's themes after regroups. */
async function dayFate(
  library: Analysis,
  libraryFiles: string[],
  dayFile: string,
  day: readonly DevPaper[],
  key: (p: DevPaper) => string,
) {
  const grown = growByDay(library, libraryFiles, dayFile);
  const g = grown.growth;
  const newTop = new Set(g.newThemes.filter((t) => t.parent === undefined).map((t) => t.id));
  const ids = dumpIds(dayFile);
  const places = placesOf(g.analysis.computedThemes);
  const inNew = (id: string) => newTop.has(places.get(id)?.broad ?? '');
  const perGroup = [...countBy(day, key)].map(([group, papers]) => ({
    group,
    papers,
    in_new: day.filter((p, i) => key(p) === group && inNew(ids[i])).length,
  }));
  const files = [...libraryFiles, dayFile];
  const afterRegroup = async (fresh: boolean) => {
    const r = await regroup(g.analysis, files, fresh);
    return { ms: r.ms, in_day_themes: inDayThemes(r.after.computedThemes, new Set(ids)) };
  };
  return {
    day: ids.length,
    in_new_broad: ids.filter(inNew).length,
    per_group: perGroup,
    growth_ms: grown.ms,
    new_themes: g.newThemes.map((t) => ({
      label: t.label,
      field: t.field ?? null,
      parent: t.parent ?? null,
      papers: t.paperIds.length,
    })),
    grown_themes: themeCounts(g.analysis.computedThemes),
    regroup: await afterRegroup(false),
    fresh_regroup: await afterRegroup(true),
  };
}

/** The day's papers whose top theme is made mostly (MOSTLY) of the day's papers. */
function inDayThemes(themes: readonly Theme[], day: ReadonlySet<string>): number {
  const places = placesOf(themes);
  const size = new Map<string, number>();
  const ofDay = new Map<string, number>();
  for (const [id, p] of places) {
    size.set(p.broad, (size.get(p.broad) ?? 0) + 1);
    if (day.has(id)) ofDay.set(p.broad, (ofDay.get(p.broad) ?? 0) + 1);
  }
  return [...day].filter((id) => {
    const b = places.get(id)?.broad;
    return b !== undefined && (ofDay.get(b) ?? 0) >= MOSTLY * size.get(b)!;
  }).length;
}

/** Part b: a library of `size` papers of one kind, and a day of papers of archives it nearly lacks. */
export async function measureNewFields(corpus: DevPaper[], size: number, kind: 'cs' | 'mixed') {
  const pool = kind === 'cs' ? corpus.filter((p) => p.primary.startsWith('cs.')) : corpus;
  const libraryPapers = pool.slice(0, size);
  const inLibrary = new Set(libraryPapers);
  const counts = countBy(libraryPapers, (p) => archiveOf(p.primary));
  const later = corpus.filter((p) => p.part === 'heldOut' && !inLibrary.has(p));
  const available = countBy(later, (p) => archiveOf(p.primary));
  const archives = [...available]
    .filter(([a, n]) => (counts.get(a) ?? 0) <= NEARLY_ABSENT * size && n >= DAY_PAPERS / DAY_ARCHIVES)
    .sort((x, y) => y[1] - x[1] || (x[0] < y[0] ? -1 : 1))
    .slice(0, DAY_ARCHIVES)
    .map(([a]) => a);
  const day = firstOfEach(
    later,
    archives,
    (p) => archiveOf(p.primary),
    () => Math.floor(DAY_PAPERS / archives.length),
  );
  const libraryFile = writeDump(`stability-fields-${kind}-${size}-library`, libraryPapers);
  const dayFile = writeDump(`stability-fields-${kind}-${size}-day`, day);
  const first = await analyzeFiles([libraryFile]);
  return {
    part: `fields-${kind}`,
    library: `${size} ${kind === 'cs' ? 'cs' : 'mixed'} abstracts in arrival order`,
    archives: archives.map((a) => ({ archive: a, in_library: counts.get(a) ?? 0, held_out_after: available.get(a) })),
    library_themes: themeCounts(first.analysis.computedThemes),
    library_fields: first.analysis.computedThemes.filter((t) => t.field !== undefined).map((t) => t.field),
    ...(await dayFate(first.analysis, [libraryFile], dayFile, day, (p) => archiveOf(p.primary))),
  };
}

/** Part b on the seeds: SEEDS_NEW papers of SEEDS_FIELDS categories of archives the seeds do not have. */
export async function measureSeedsNewFields(corpus: DevPaper[]) {
  const dir = join(root, 'seeds');
  const seeds = readdirSync(dir)
    .filter((f) => f.endsWith('.txt'))
    .sort()
    .map((f) => join(dir, f));
  const first = await analyzeFiles(seeds);
  const model = arxivFieldModel();
  const seedArchives = countBy(
    first.analysis.papers.map((p) => guessField(model, paperText(p))).filter((g) => g.known),
    (g) => model.fields[g.field].archive,
  );
  const heldOut = corpus.filter((p) => p.part === 'heldOut');
  const categories = [...countBy(heldOut, (p) => p.primary)]
    .filter(([c]) => !seedArchives.has(archiveOf(c)))
    .sort((x, y) => y[1] - x[1] || (x[0] < y[0] ? -1 : 1))
    .slice(0, SEEDS_FIELDS)
    .map(([c]) => c);
  const per = (i: number) => Math.floor(SEEDS_NEW / SEEDS_FIELDS) + (i < SEEDS_NEW % SEEDS_FIELDS ? 1 : 0);
  const day = firstOfEach(heldOut, categories, (p) => p.primary, per);
  const dayFile = writeDump('stability-seeds-day', day);
  const fate = await dayFate(first.analysis, seeds, dayFile, day, (p) => p.primary);
  return {
    part: 'seeds',
    library: `the seeds (${first.analysis.papers.length} papers, archives by the field model: ${[...seedArchives].map(([a, n]) => `${a} ${n}`).join(', ')})`,
    categories,
    library_themes: themeCounts(first.analysis.computedThemes),
    ...fate,
  };
}
