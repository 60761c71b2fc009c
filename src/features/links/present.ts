import * as vscode from 'vscode';
import { Paper } from '../../core/papers';
import { Services } from '../services';

/** Commands a hover or comment may run from a link: only this extension's own. */
export const HOVER_COMMANDS = [
  'papers.openPaper',
  'papers.openNotes',
  'papers.unlink',
  'papers.relinkLink',
  'papers.editLinkNote',
  'papers.openLink',
];

/** How much of the abstract a hover shows. */
const ABSTRACT_CHARS = 320;

export function commandUri(command: string, ...args: unknown[]): string {
  return `command:${command}?${encodeURIComponent(JSON.stringify(args))}`;
}

/** A Markdown string that runs only the extension's own commands and shows text as text. */
export function trustedMarkdown(): vscode.MarkdownString {
  const md = new vscode.MarkdownString('', true);
  md.isTrusted = { enabledCommands: HOVER_COMMANDS };
  md.supportHtml = false;
  return md;
}

/**
 * Untrusted text (titles, abstracts, notes) as Markdown that shows exactly that text: syntax escaped, HTML
 * as entities, and no theme icons. Unlike MarkdownString.appendText, spaces stay spaces, so it wraps.
 * Line breaks are kept as hard breaks.
 */
export function escapeMarkdown(text: string): string {
  return text
    .replace(/[\\`*_{}[\]()#+\-.!|~=$:]/g, (c) => `\\${c}`)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/[ \t]*\r?\n[ \t]*/g, '  \n');
}

/** The start of the abstract, cut at a word. */
export function abstractStart(paper: Paper, max = ABSTRACT_CHARS): string {
  if (paper.abstract.length <= max) return paper.abstract;
  const cut = paper.abstract.lastIndexOf(' ', max);
  return `${paper.abstract.slice(0, cut > max / 2 ? cut : max)}…`;
}

/** Title, theme and the start of the abstract of a paper, with the commands to open it and its notes. */
export function appendPaper(md: vscode.MarkdownString, services: Services, paper: Paper): void {
  const theme = services.model.theme(paper.theme)?.label;
  md.appendMarkdown(`📄 **${escapeMarkdown(paper.title)}**`);
  if (theme) md.appendMarkdown(` — _${escapeMarkdown(theme)}_`);
  md.appendMarkdown(`  \n\`${services.model.keyOf(paper).replace(/`/g, '')}\`\n\n`);
  md.appendMarkdown(`${escapeMarkdown(abstractStart(paper).replace(/\s+/g, ' '))}\n\n`);
}

export function paperActions(paper: Paper): string {
  return `[$(preview) Open paper](${commandUri('papers.openPaper', paper.id)}) · [$(note) Open notes](${commandUri('papers.openNotes', paper.id)})`;
}

/** The paper's title, or a placeholder naming the id while the collections load (or when it is not in them). */
export function paperTitle(services: Services, paperId: string): string {
  const paper = services.model.paper(paperId);
  if (paper) return paper.title;
  return services.model.analysis
    ? `paper ${paperId.slice(0, 7)} (not in the loaded collections)`
    : `paper ${paperId.slice(0, 7)}`;
}
