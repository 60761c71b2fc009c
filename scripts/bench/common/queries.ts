/**
 * The benchmark's fixed query set: what a researcher types into the search box. Words typed letter by
 * letter (each prefix is a query, as the quick pick searches on every keystroke), multi-word queries,
 * misspellings that need fuzzy matching, and filter words. `{theme}` becomes the first word of the
 * corpus's largest theme label, so the filter matches something whatever the corpus.
 */
const typed = (word: string, from = 1) =>
  Array.from({ length: word.length - from + 1 }, (_, i) => word.slice(0, from + i));

export const BENCH_QUERIES: readonly string[] = [
  ...typed('reinforcement'),
  ...typed('diffusion'),
  ...typed('transformer'),
  ...typed('language model', 10),
  'large language model',
  'reinforcement learning reward',
  'multimodal reasoning benchmark',
  'video generation',
  'retrieval augmented generation',
  'graph neural network',
  'policy optimization',
  'attention',
  'agent tool use',
  'speech recognition',
  'reinforcment',
  'difusion modle',
  'transfomer',
  'halucination',
  'retreival augmented',
  'optimzation',
  'theme:{theme}',
  'theme:{theme} learning',
  'collection:synth reasoning',
  '-theme:{theme} agent',
  'collection:synth theme:{theme} model',
];

/** The free text of a query (filter words removed), what ripgrep is given. */
export function textOf(query: string): string {
  return query
    .replace(/(^|\s)-?[a-z]+:\S*/gi, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
