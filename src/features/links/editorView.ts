import * as vscode from 'vscode';
import { PaperLink } from '../../core/links';
import { Services } from '../services';
import { LiveLinks, toRange } from './live';
import { appendPaper, commandUri, escapeMarkdown, paperActions, paperTitle, trustedMarkdown } from './present';
import { LinkStore } from './store';

const FILES: vscode.DocumentSelector = [{ scheme: 'file' }, { scheme: 'vscode-remote' }];

/** A small page glyph for the gutter, in the given colour. */
function gutterIcon(color: string, warning: boolean): vscode.Uri {
  const mark = warning ? '<path d="M8 9v2M8 12.5v.5" stroke="#1e1e1e" stroke-width="1.4"/>' : '<path d="M6 7h5M6 9.5h5M6 12h3" stroke="#ffffff" stroke-width="1"/>';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16" viewBox="0 0 16 16"><path d="M4 2h6l3 3v9H4z" fill="${color}"/>${mark}</svg>`;
  return vscode.Uri.parse(`data:image/svg+xml;utf8,${encodeURIComponent(svg)}`);
}

interface Placed {
  link: PaperLink;
  range: vscode.Range;
  stale: boolean;
}

/**
 * What a linked file shows: a CodeLens over each link naming its paper (opens it), a gutter mark (another
 * for stale links, with "Re-link" and "Remove" lenses), and a hover with the paper and what can be done.
 */
export function registerEditorView(services: Services, store: LinkStore, live: LiveLinks): vscode.Disposable {
  const linked = vscode.window.createTextEditorDecorationType({
    gutterIconPath: gutterIcon('#3794ff', false),
    gutterIconSize: 'contain',
    overviewRulerColor: new vscode.ThemeColor('editorInfo.foreground'),
    overviewRulerLane: vscode.OverviewRulerLane.Left,
  });
  const stale = vscode.window.createTextEditorDecorationType({
    gutterIconPath: gutterIcon('#cca700', true),
    gutterIconSize: 'contain',
    overviewRulerColor: new vscode.ThemeColor('editorWarning.foreground'),
    overviewRulerLane: vscode.OverviewRulerLane.Left,
    after: { contentText: '  ⚠ stale paper link', color: new vscode.ThemeColor('editorWarning.foreground'), fontStyle: 'italic' },
  });

  /** The links of a document where they are now; a stale one at its old line (within the document). */
  const placed = (doc: vscode.TextDocument): Placed[] => {
    const file = live.fileOf(doc.uri);
    if (!file) return [];
    return store.ofFile(file).map((link) => {
      const state = live.state(link);
      const isStale = state.status === 'stale';
      const line = Math.min(state.range.startLine, Math.max(0, doc.lineCount - 1));
      const range = isStale ? doc.lineAt(line).range : doc.validateRange(toRange(state.range));
      return { link, range, stale: isStale };
    });
  };

  const decorate = (editor: vscode.TextEditor) => {
    const all = placed(editor.document);
    const firstLine = (p: Placed) => new vscode.Range(p.range.start.line, 0, p.range.start.line, 0);
    editor.setDecorations(linked, all.filter((p) => !p.stale).map(firstLine));
    editor.setDecorations(stale, all.filter((p) => p.stale).map((p) => p.range));
  };
  const decorateAll = () => vscode.window.visibleTextEditors.forEach(decorate);

  const lensesChanged = new vscode.EventEmitter<void>();
  const codeLenses: vscode.CodeLensProvider = {
    onDidChangeCodeLenses: lensesChanged.event,
    provideCodeLenses(doc) {
      if (!vscode.workspace.getConfiguration('papers', doc.uri).get<boolean>('links.codeLens', true)) return [];
      const lenses: vscode.CodeLens[] = [];
      for (const p of placed(doc)) {
        const at = new vscode.Range(p.range.start, p.range.start);
        const title = paperTitle(services, p.link.paper);
        if (!p.stale) {
          lenses.push(new vscode.CodeLens(at, { title: `📄 ${title}`, command: 'papers.openPaper', arguments: [p.link.paper], tooltip: p.link.note ? `Open the paper — note: ${p.link.note}` : 'Open the paper' }));
        } else {
          lenses.push(
            new vscode.CodeLens(at, { title: `⚠ Stale link to ${title}`, command: 'papers.openPaper', arguments: [p.link.paper], tooltip: 'The linked text is no longer here. Open the paper' }),
            new vscode.CodeLens(at, { title: 'Re-link to selection', command: 'papers.relinkLink', arguments: [p.link.id], tooltip: 'Link the paper to the current selection instead' }),
            new vscode.CodeLens(at, { title: 'Remove', command: 'papers.unlink', arguments: [p.link.id], tooltip: 'Remove this link' }),
          );
        }
      }
      return lenses;
    },
  };

  const hover: vscode.HoverProvider = {
    provideHover(doc, position) {
      const here = placed(doc).filter((p) => p.range.contains(position) || (p.stale && p.range.start.line === position.line));
      if (here.length === 0) return undefined;
      const md = trustedMarkdown();
      for (const p of here) {
        const paper = services.model.paper(p.link.paper);
        if (p.stale) {
          md.appendMarkdown('⚠ **Stale link**: the linked text is no longer in this file. It was:\n\n');
          md.appendCodeblock(p.link.anchor.text.split('\n').slice(0, 6).join('\n'), doc.languageId);
        }
        if (paper) appendPaper(md, services, paper);
        else {
          md.appendMarkdown(`📄 ${escapeMarkdown(paperTitle(services, p.link.paper))}\n\n`);
        }
        if (p.link.note) {
          md.appendMarkdown(`> ${escapeMarkdown(p.link.note.replace(/\s+/g, ' '))}\n\n`);
        }
        const actions = paper ? [paperActions(paper)] : [];
        actions.push(`[$(edit) ${p.link.note ? 'Edit note' : 'Add note'}](${commandUri('papers.editLinkNote', p.link.id)})`);
        if (p.stale) actions.push(`[$(link) Re-link to selection](${commandUri('papers.relinkLink', p.link.id)})`, `[$(trash) Remove](${commandUri('papers.unlink', p.link.id)})`);
        else actions.push(`[$(trash) Unlink](${commandUri('papers.unlink', p.link.id)})`);
        md.appendMarkdown(`${actions.join(' · ')}\n\n`);
        if (here.length > 1) md.appendMarkdown('---\n\n');
      }
      return new vscode.Hover(md, here.length === 1 && !here[0].stale ? here[0].range : undefined);
    },
  };

  const refresh = () => {
    lensesChanged.fire();
    decorateAll();
  };
  decorateAll();
  return vscode.Disposable.from(
    linked,
    stale,
    lensesChanged,
    vscode.languages.registerCodeLensProvider(FILES, codeLenses),
    vscode.languages.registerHoverProvider(FILES, hover),
    vscode.window.onDidChangeVisibleTextEditors(decorateAll),
    live.onDidChange(refresh),
    store.onDidChange(refresh),
    services.model.onDidChange(refresh),
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration('papers.links.codeLens')) refresh();
    }),
  );
}
