// Small made-up corpora analysed in memory, shared by the analysis and snapshot tests. Nothing is built at import:
// each call makes its corpus afresh, so a test can change the analysis it gets.
import { Analysis, analyzeCorpus, AnalyzeOptions } from '../../src/core/analysis/analyze';
import { mergeCollections, parseCollectionBytes } from '../../src/core/collections/corpus';

/** The analysis of files given as text, as the CLI would load them. */
export function analyzeFiles(files: { path: string; text: string }[], options: AnalyzeOptions = {}): Analysis {
  return analyzeCorpus(
    mergeCollections(
      files.map((f) => ({ path: f.path, result: parseCollectionBytes(new TextEncoder().encode(f.text), f.path) })),
    ),
    options,
  );
}

/** Made-up abstracts from four fields, six each, then one of non-ASCII text. */
export function madeUpAbstracts(): string[] {
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
      lines.push(
        `We study ${w(0)} and ${w(1)} in ${field} number ${i}. Our ${w(2)} model explains ${w(3)} with ${w(4)} data from survey ${i}.`,
      );
    }
  }
  // non-ASCII text: accents, Greek, CJK, an emoji (a surrogate pair), a byte-order mark inside the text
  lines.push(
    'Straße und Café: wir messen die Größe von Wärmeströmen mit λ-Sonden, 熱流 und 🔥 Kameras\ufeff in zwölf Öfen.',
  );
  return lines;
}

/**
 * Made-up abstracts from four fields, several per field, so the grouping has something to find, plus non-ASCII
 * text, in a Daily Papers dump (`daily.txt`) and a BibTeX file (`refs.bib`) that lists one of the dump's abstracts
 * again, one of its own with every metadata field, an entry without an abstract (kept by its title) and one with
 * neither title nor abstract (a load problem).
 */
export function madeUpAnalysis(options: AnalyzeOptions = {}): Analysis {
  const lines = madeUpAbstracts();
  const daily = `Daily Papers\n${lines.join('\n')}\n`;
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
  title = {No Abstract Here: Moths of the Galaxy},
  author = {Wing, Mo},
  year = {2020}
}
@misc{blank2018,
  note = {Nothing to read},
  year = {2018}
}
`;
  return analyzeFiles(
    [
      { path: 'daily.txt', text: daily },
      { path: 'refs.bib', text: bib },
    ],
    options,
  );
}

/**
 * 60 made-up abstracts in one Daily Papers dump (`made-up.txt`), long enough that their text is most of a
 * snapshot; one longer than a text chunk (32k characters), one with non-Latin text and an emoji, one with a lone
 * surrogate (stored as UTF-16). For the deferred restore, which reads abstracts only when used.
 */
export function longAbstractsAnalysis(): Analysis {
  const topics = ['glacier melt', 'coral bleaching', 'soil carbon', 'river sediment', 'urban heat'];
  const lines = Array.from({ length: 60 }, (_, i) => {
    const t = topics[i % topics.length];
    const filler = Array.from(
      { length: 40 },
      (_, k) => `${t} sample ${i}-${k} shows seasonal ${topics[(i + k) % topics.length]} change`,
    ).join('; ');
    return `We measure ${t} at site ${i}. ${filler}.`;
  });
  lines[7] = `Ice cores record glacier melt. ${'Layer after layer of glacier melt and firn. '.repeat(900)}`;
  lines[8] = 'Wärmeinseln in Städten: urban heat über 熱島 und 🔥 Dächern, gemessen mit λ-Sonden.';
  lines[9] = 'A lone surrogate \ud800 in river sediment notes, kept as written.';
  return analyzeFiles([{ path: 'made-up.txt', text: `Daily Papers\n${lines.join('\n')}\n` }]);
}

/**
 * A made-up library with two levels of topics: `fields` fields of `topics` topics each, every topic
 * `perTopic` abstracts. An abstract mixes words of its field, of its topic and of every field (made-up words,
 * a seeded PRNG), so a grouping can find the fields and, inside each, the topics. Returns each abstract with
 * its field and topic.
 */
export function madeUpTwoLevelLibrary(
  fields = 6,
  topics = 4,
  perTopic = 130,
): { text: string; field: string; topic: string }[] {
  const rand = seededRand(7);
  const syllables = ['ka', 'lo', 'mi', 'ru', 'te', 'vo', 'zan', 'pel', 'dor', 'fi', 'gu', 'sho', 'bre', 'nix'];
  const word = () => Array.from({ length: 3 }, () => syllables[Math.floor(rand() * syllables.length)]).join('');
  const words = (n: number) => Array.from({ length: n }, word);
  const common = words(40);
  const out: { text: string; field: string; topic: string }[] = [];
  for (let f = 0; f < fields; f++) {
    const fieldWords = words(14);
    for (let t = 0; t < topics; t++) {
      const topicWords = words(10);
      for (let i = 0; i < perTopic; i++) {
        const pick = (list: string[], n: number) =>
          Array.from({ length: n }, () => list[Math.floor(rand() * list.length)]);
        const sentence = () =>
          [...pick(fieldWords, 3), ...pick(topicWords, 3), ...pick(common, 3)].sort(() => rand() - 0.5).join(' ');
        out.push({
          text: `We study ${sentence()}. Our ${sentence()} improves ${sentence()} (${f}.${t}.${i}).`,
          field: `f${f}`,
          topic: `f${f}t${t}`,
        });
      }
    }
  }
  return out;
}

/**
 * `n` made-up abstracts of a field unlike the seeds' machine learning (reef ecology), from templates and a field's
 * words picked by a seeded PRNG: papers of a field a library of machine-learning abstracts has never seen.
 */
export function madeUpEcologyAbstracts(n = 30): string[] {
  const rand = seededRand(11);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)];
  const places = ['fringing reefs', 'seagrass meadows', 'mangrove estuaries', 'lagoon patch reefs', 'atoll slopes'];
  const species = ['parrotfish', 'damselfish larvae', 'sea urchins', 'crown-of-thorns starfish', 'juvenile groupers'];
  const drivers = ['marine heatwaves', 'sediment runoff', 'nutrient loading', 'coral bleaching', 'ocean acidification'];
  const measures = ['recruitment', 'grazing pressure', 'coral cover', 'larval settlement', 'predation rates'];
  return Array.from({ length: n }, (_, i) => {
    const [place, sp, driver, measure] = [pick(places), pick(species), pick(drivers), pick(measures)];
    return (
      `We surveyed ${sp} across ${place} at ${12 + i} sites over ${3 + (i % 5)} years. ` +
      `${driver[0].toUpperCase()}${driver.slice(1)} reduced ${measure} of ${pick(species)}, while ${pick(drivers)} ` +
      `shifted ${pick(measures)} in ${pick(places)}. Transect counts and settlement tiles show that ${pick(measures)} ` +
      `recovers slowly after ${pick(drivers)}, with consequences for reef resilience and fisheries management.`
    );
  });
}

/**
 * `n` made-up abstracts on a ring of `topics` topics (made-up words, a seeded PRNG): each abstract sits at a point
 * of the ring and mixes the words of the two topics nearest it with words of every topic. Where a grouping cuts
 * such a continuum is a matter of the draw, so a fresh grouping of a few more papers moves some of the others:
 * what a regroup that starts from the previous grouping (themes/previousGrouping.ts) must not do.
 */
export function madeUpRingOfTopics(n: number, topics: number): { id: string; abstract: string }[] {
  const rand = seededRand(3);
  const syllables = ['ka', 'lo', 'mi', 'ru', 'te', 'vo', 'zan', 'pel', 'dor', 'fi', 'gu', 'sho', 'bre', 'nix'];
  const word = () => Array.from({ length: 3 }, () => syllables[Math.floor(rand() * syllables.length)]).join('');
  const topicWords = Array.from({ length: topics }, () => Array.from({ length: 8 }, word));
  const common = Array.from({ length: 30 }, word);
  return Array.from({ length: n }, (_, i) => {
    const at = rand() * topics;
    const near = Math.floor(at);
    const next = (near + 1) % topics;
    const pick = () =>
      rand() < 0.6
        ? topicWords[rand() < 1 - (at - near) ? near : next][Math.floor(rand() * 8)]
        : common[Math.floor(rand() * common.length)];
    const sentence = () => Array.from({ length: 9 }, pick).join(' ');
    return {
      id: `p${String(i).padStart(5, '0')}`,
      abstract: `We study ${sentence()}. Our ${sentence()} improves ${sentence()} (${i}).`,
    };
  });
}

/** A linear congruential generator: the same numbers in [0, 1) for the same seed, on every machine. */
function seededRand(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
}
