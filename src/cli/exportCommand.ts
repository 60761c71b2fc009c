import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { toBibtex } from '../core/export';
import { toExportJson, toMarkdown } from '../core/export';
import { notesFileIdPart, userNoteText } from '../core/export';
import { paperKey } from '../core/papers';
import { Paper } from '../core/papers';
import { readRegularTextSync } from '../node/files/regularFile';
import { analyzeFiles, CliCommand, CliError, reportProblems } from './common';

const FORMATS = ['bibtex', 'json', 'markdown'] as const;
type ExportFormat = (typeof FORMATS)[number];

/** The user's notes by paper id prefix, from the `.md` files of a notes folder (as the extension writes them). */
function readNotes(folder: string): { part: string; text: string }[] {
  let names: string[];
  try {
    names = readdirSync(folder).filter((n) => n.toLowerCase().endsWith('.md'));
  } catch (err) {
    throw new CliError(`papers export: cannot read the notes folder "${folder}": ${(err as Error).message}`);
  }
  const notes: { part: string; text: string }[] = [];
  for (const name of names.sort()) {
    let markdown: string;
    try {
      markdown = readRegularTextSync(join(folder, name));
    } catch {
      continue;
    }
    const part = notesFileIdPart(name, markdown);
    const text = userNoteText(markdown);
    if (part && text) notes.push({ part, text });
  }
  return notes;
}

export const exportCommand: CliCommand = {
  name: 'export',
  usage:
    'export [files...] --format bibtex|json|markdown [--notes folder]\n                                                the papers as BibTeX, JSON or Markdown on stdout',
  options: { format: { type: 'string', short: 'f' }, notes: { type: 'string' } },
  async run({ values, positionals }, io) {
    const format = (values.format ?? 'bibtex') as ExportFormat;
    if (!FORMATS.includes(format))
      throw new CliError(`papers export: --format must be ${FORMATS.join(', ')}; not "${values.format}"`);
    const notes = typeof values.notes === 'string' ? readNotes(values.notes) : [];
    const a = await analyzeFiles(positionals);
    const options = {
      keyOf: (p: Paper) => paperKey(p),
      noteOf: notes.length ? (p: Paper) => notes.find((n) => p.id.startsWith(n.part))?.text : undefined,
      collectionsOf: (p: Paper) => p.collections,
    };
    if (format === 'bibtex') io.out(toBibtex(a.papers, options));
    else if (format === 'json') io.out(`${JSON.stringify(toExportJson(a.papers, options), null, 2)}\n`);
    else io.out(toMarkdown(a.papers, options));
    return reportProblems(a.problems, io);
  },
};
