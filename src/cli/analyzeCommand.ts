import { Analysis } from '../core/analysis';
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
    themes: a.themes.map((t) => ({ id: t.id, label: t.label, size: t.paperIds.length })),
  };
}

function analysisTable(a: Analysis): string {
  const lines: string[] = [];
  const shared = a.papers.filter((p) => p.collections.length > 1).length;
  lines.push(
    `${a.papers.length} papers in ${a.collections.length} collections (${shared} in more than one), ${a.themes.length} themes`,
  );
  for (const theme of a.themes) {
    lines.push('', `${theme.label} (${theme.paperIds.length})`);
    for (const id of theme.paperIds) lines.push(`  ${id}  ${a.byId.get(id)!.title}`);
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
