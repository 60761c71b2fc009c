import * as vscode from 'vscode';
import { PaperLink } from '../../core/links';
import { Services } from '../services';
import { LiveLinks, toRange } from './live';
import { appendPaper, commandUri, escapeMarkdown, paperActions, paperTitle, trustedMarkdown } from './present';
import { LinkStore } from './store';
import { workspaceFiles } from './selectors';

/** A small page glyph for the gutter, in the given colour. */
function gutterIcon(color: string, warning: boolean): vscode.Uri {
  const mark = warning
    ? '<path d="M8 9v2M8 12.5v.5" stroke="#1e1e1e" stroke-width="1.4"/>'
    : '<path d="M6 7h5M6 9.5h5M6 12h3" stroke="#ffffff" stroke-width="1"/>';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16" viewBox="0 0 16 16"><path d="M4 2h6l3 3v9H4z" fill="${color}"/>${mark}</svg>`;
  return vscode.Uri.parse(`data:image/svg+xml;utf8,${encodeURIComponent(svg)}`);
}

interface Placed {
  link: PaperLink;
  range: vscode.Range;
  stale: boolean;
}

/** The links of a document where they are now; a stale one at its old line (within the document). */
function placedIn(doc: vscode.TextDocument, store: LinkStore, live: LiveLinks): Placed[] {
  const file = live.fileOf(doc.uri);
  if (!file) return [];
  return store.ofFile(file).map((link) => {
    const state = live.state(link);
    const isStale = state.status === 'stale';
    const line = Math.min(state.range.startLine, Math.max(0, doc.lineCount - 1));
    const range = isStale ? doc.lineAt(line).range : doc.validateRange(toRange(state.range));
    return { link, range, stale: isStale };
  });
}

/** The gutter marks of linked (and stale) ranges in the visible editors. */
class LinkDecorations implements vscode.Disposable {
  private readonly linked = vscode.window.createTextEditorDecorationType({
    gutterIconPath: gutterIcon('#3794ff', false),
    gutterIconSize: 'contain',
    overviewRulerColor: new vscode.ThemeColor('editorInfo.foreground'),
    overviewRulerLane: vscode.OverviewRulerLane.Left,
  });
  private readonly stale = vscode.window.createTextEditorDecorationType({
    gutterIconPath: gutterIcon('#cca700', true),
    gutterIconSize: 'contain',
    overviewRulerColor: new vscode.ThemeColor('editorWarning.foreground'),
    overviewRulerLane: vscode.OverviewRulerLane.Left,
    after: {
      contentText: '  ⚠ stale paper link',
      color: new vscode.ThemeColor('editorWarning.foreground'),
      fontStyle: 'italic',
    },
  });

  constructor(private readonly placed: (doc: vscode.TextDocument) => Placed[]) {}

  decorateAll(): void {
    for (const editor of vscode.window.visibleTextEditors) this.decorate(editor);
  }

  private decorate(editor: vscode.TextEditor): void {
    const all = this.placed(editor.document);
    const firstLine = (p: Placed) => new vscode.Range(p.range.start.line, 0, p.range.start.line, 0);
    editor.setDecorations(this.linked, all.filter((p) => !p.stale).map(firstLine));
    editor.setDecorations(
      this.stale,
      all.filter((p) => p.stale).map((p) => p.range),
    );
  }

  dispose(): void {
    this.linked.dispose();
    this.stale.dispose();
  }
}

/** A lens over each link naming its paper; over a stale one, "Re-link" and "Remove" too. */
class LinkCodeLenses implements vscode.CodeLensProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeCodeLenses = this.changed.event;

  constructor(
    private readonly services: Services,
    private readonly placed: (doc: vscode.TextDocument) => Placed[],
  ) {}

  refresh(): void {
    this.changed.fire();
  }

  provideCodeLenses(doc: vscode.TextDocument): vscode.CodeLens[] {
    if (!vscode.workspace.getConfiguration('papers', doc.uri).get<boolean>('links.codeLens', true)) return [];
    const lenses: vscode.CodeLens[] = [];
    for (const p of this.placed(doc)) {
      const at = new vscode.Range(p.range.start, p.range.start);
      const title = paperTitle(this.services, p.link.paper);
      if (!p.stale) {
        lenses.push(
          new vscode.CodeLens(at, {
            title: `$(book) ${title}`,
            command: 'papers.openPaper',
            arguments: [p.link.paper],
            tooltip: p.link.note ? `Open the paper — note: ${p.link.note}` : 'Open the paper',
          }),
        );
      } else {
        lenses.push(
          new vscode.CodeLens(at, {
            title: `$(warning) Stale link to ${title}`,
            command: 'papers.openPaper',
            arguments: [p.link.paper],
            tooltip: 'The linked text is no longer here. Open the paper',
          }),
          new vscode.CodeLens(at, {
            title: 'Re-link to selection',
            command: 'papers.relinkLink',
            arguments: [p.link.id],
            tooltip: 'Link the paper to the current selection instead',
          }),
          new vscode.CodeLens(at, {
            title: 'Remove',
            command: 'papers.unlink',
            arguments: [p.link.id],
            tooltip: 'Remove this link',
          }),
        );
      }
    }
    return lenses;
  }

  dispose(): void {
    this.changed.dispose();
  }
}

/** The hover of a linked range: the paper, the link's note, and what can be done. */
class LinkHover implements vscode.HoverProvider {
  constructor(
    private readonly services: Services,
    private readonly placed: (doc: vscode.TextDocument) => Placed[],
  ) {}

  provideHover(doc: vscode.TextDocument, position: vscode.Position): vscode.Hover | undefined {
    const here = this.placed(doc).filter(
      (p) => p.range.contains(position) || (p.stale && p.range.start.line === position.line),
    );
    if (here.length === 0) return undefined;
    const md = trustedMarkdown();
    for (const p of here) {
      this.appendLink(md, doc, p);
      if (here.length > 1) md.appendMarkdown('---\n\n');
    }
    return new vscode.Hover(md, here.length === 1 && !here[0].stale ? here[0].range : undefined);
  }

  private appendLink(md: vscode.MarkdownString, doc: vscode.TextDocument, p: Placed): void {
    const { services } = this;
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
    actions.push(
      `[$(edit) ${p.link.note ? 'Edit note' : 'Add note'}](${commandUri('papers.editLinkNote', p.link.id)})`,
    );
    if (p.stale)
      actions.push(
        `[$(link) Re-link to selection](${commandUri('papers.relinkLink', p.link.id)})`,
        `[$(trash) Remove](${commandUri('papers.unlink', p.link.id)})`,
      );
    else actions.push(`[$(trash) Unlink](${commandUri('papers.unlink', p.link.id)})`);
    md.appendMarkdown(`${actions.join(' · ')}\n\n`);
  }
}

/**
 * What a linked file shows: a CodeLens over each link naming its paper (opens it), a gutter mark (another
 * for stale links, with "Re-link" and "Remove" lenses), and a hover with the paper and what can be done.
 */
export function registerEditorView(services: Services, store: LinkStore, live: LiveLinks): vscode.Disposable {
  const placed = (doc: vscode.TextDocument) => placedIn(doc, store, live);
  const decorations = new LinkDecorations(placed);
  const lenses = new LinkCodeLenses(services, placed);
  const files = workspaceFiles();
  const refresh = () => {
    lenses.refresh();
    decorations.decorateAll();
  };
  decorations.decorateAll();
  return vscode.Disposable.from(
    decorations,
    lenses,
    vscode.languages.registerCodeLensProvider(files, lenses),
    vscode.languages.registerHoverProvider(files, new LinkHover(services, placed)),
    vscode.window.onDidChangeVisibleTextEditors(() => decorations.decorateAll()),
    live.onDidChange(refresh),
    store.onDidChange(refresh),
    services.model.onDidChange(refresh),
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration('papers.links.codeLens')) refresh();
    }),
  );
}
