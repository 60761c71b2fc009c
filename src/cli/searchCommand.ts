import { analyzeFiles, CliCommand, CliError, reportProblems } from './common';

export const searchCommand: CliCommand = {
  name: 'search',
  usage:
    'search [files...] --query "…" [--limit N] [--json]\n                                                ranked search; filter words theme: and collection:',
  options: { json: { type: 'boolean' }, query: { type: 'string', short: 'q' }, limit: { type: 'string' } },
  async run({ values, positionals }, io) {
    if (typeof values.query !== 'string') throw new CliError('papers search: give a query with --query "words"');
    const limit = values.limit === undefined ? 10 : Number(values.limit);
    if (!Number.isInteger(limit) || limit < 1)
      throw new CliError(`papers search: --limit must be a positive whole number, not "${values.limit}"`);
    const a = await analyzeFiles(positionals);
    const hits = a.search.search(values.query, { limit });
    if (values.json) {
      const out = hits.map((h) => {
        const p = a.byId.get(h.id)!;
        return {
          id: h.id,
          title: p.title,
          theme: p.theme,
          score: Number(h.score.toFixed(3)),
          snippet: h.snippet?.text ?? null,
        };
      });
      io.out(`${JSON.stringify(out)}\n`);
    } else {
      if (hits.length === 0) io.out('no papers match\n');
      for (const h of hits) {
        const p = a.byId.get(h.id)!;
        const theme = a.themes.find((t) => t.id === p.theme)?.label ?? p.theme;
        io.out(`${p.title}  [${theme}]  ${h.id}\n    ${h.snippet?.text ?? ''}\n`);
      }
    }
    return reportProblems(a.problems, io);
  },
};
