import { Analysis } from '../core/analysis';
import { sizesUnder } from '../core/themes';
import { analyzeFiles, CliCommand, reportProblems } from './common';

export function analysisJson(a: Analysis) {
  // every paper's related papers: computed together, each pair once
  a.related.relatedToAll(5);
  return {
    papers: a.papers.map((p) => ({
      id: p.id,
      title: p.title,
      // only when the file gave them, so an analysis of abstracts alone reads as before
      ...(p.authors?.length ? { authors: p.authors } : {}),
      ...(p.year ? { year: p.year } : {}),
      method: p.method,
      theme: p.theme,
      keywords: p.keywords,
      collections: p.collections,
      abstract: p.abstract,
      related: a.related.relatedTo(p.id, 5),
    })),
    themes: themesJson(a),
  };
}

/** Each theme with its broad theme (`parent`, null at the top) and the papers under it (its subthemes' included). */
function themesJson(a: Analysis) {
  const sizes = sizesUnder(a.themes);
  return a.themes.map((t) => ({ id: t.id, label: t.label, parent: t.parent ?? null, size: sizes.get(t.id)! }));
}

function analysisTable(a: Analysis): string {
  const lines: string[] = [];
  const shared = a.papers.filter((p) => p.collections.length > 1).length;
  const broad = a.themes.filter((t) => t.parent === undefined).length;
  const subthemes = a.themes.length - broad;
  lines.push(
    `${a.papers.length} papers in ${a.collections.length} collections (${shared} in more than one), ` +
      (subthemes > 0 ? `${broad} themes, ${subthemes} subthemes` : `${a.themes.length} themes`),
  );
  const sizes = sizesUnder(a.themes);
  for (const theme of a.themes) {
    // a subtheme and its papers are indented under its broad theme
    const indent = theme.parent !== undefined ? '  ' : '';
    lines.push('', `${indent}${theme.label} (${sizes.get(theme.id)})`);
    for (const id of theme.paperIds) lines.push(`${indent}  ${id}  ${a.byId.get(id)!.title}`);
  }
  return lines.join('\n');
}

export const analyzeCommand: CliCommand = {
  name: 'analyze',
  usage: 'analyze [files...] [--json]                   themes and titles of the papers (default: the bundled seeds)',
  options: { json: { type: 'boolean' } },
  async run({ values, positionals }, io) {
    const a = await analyzeFiles(positionals);
    io.out(values.json ? `${JSON.stringify(analysisJson(a))}\n` : `${analysisTable(a)}\n`);
    return reportProblems(a.problems, io);
  },
};
