import * as vscode from 'vscode';
import { effectiveTrigger, findMentions, keyCompletionAt, Mention } from '../../core/links';
import { Services } from '../services';
import { workspaceFilesAndUntitled } from './selectors';
import { abstractStart, appendPaper, commandUri, escapeMarkdown, paperActions, trustedMarkdown } from './present';

/** Files bigger than this are not scanned for keys (generated files, logs). */
const MAX_SCAN_CHARS = 2_000_000;

export function keyTrigger(scope?: vscode.Uri): string {
  return effectiveTrigger(vscode.workspace.getConfiguration('papers', scope).get<string>('keyTrigger'));
}

export const isMarkdown = (doc: vscode.TextDocument) =>
  doc.languageId === 'markdown' || /\.(md|markdown)$/i.test(doc.uri.path);

/** Paper-key mentions of a document (`@paper:key` everywhere, `[[key]]` in Markdown). */
export function mentionsIn(doc: vscode.TextDocument): Mention[] {
  const text = doc.getText();
  if (text.length > MAX_SCAN_CHARS) return [];
  return findMentions(text, { trigger: keyTrigger(doc.uri), wikilinks: isMarkdown(doc) });
}

/** Completion of paper keys after the trigger or `[[`, offering every loaded paper by title. */
function keyCompletionProvider({ model }: Services): vscode.CompletionItemProvider {
  return {
    provideCompletionItems(doc, position) {
      const line = doc.lineAt(position.line).text;
      const at = keyCompletionAt(line.slice(0, position.character), line.slice(position.character), {
        trigger: keyTrigger(doc.uri),
        wikilinks: isMarkdown(doc),
      });
      const papers = model.analysis?.papers;
      if (!at || !papers) return undefined;
      const replace = new vscode.Range(position.line, at.keyStart, position.line, position.character);
      const items = papers.map((paper) => {
        const key = model.keyOf(paper);
        const item = new vscode.CompletionItem(
          { label: paper.title, description: key },
          vscode.CompletionItemKind.Reference,
        );
        item.insertText = at.kind === 'wikilink' && !at.closed ? `${key}]]` : key;
        item.filterText = `${key} ${paper.title}`;
        item.range = replace;
        item.detail = model.theme(paper.theme)?.label;
        item.documentation = new vscode.MarkdownString(escapeMarkdown(abstractStart(paper).replace(/\s+/g, ' ')));
        return item;
      });
      return new vscode.CompletionList(items, false);
    },
  };
}

/** Each mention of a loaded paper becomes a link that opens it. */
function keyLinkProvider({ model }: Services): vscode.DocumentLinkProvider {
  return {
    provideDocumentLinks(doc) {
      const out: vscode.DocumentLink[] = [];
      for (const m of mentionsIn(doc)) {
        const paper = model.resolve(m.key);
        if (!paper) continue;
        const link = new vscode.DocumentLink(
          new vscode.Range(doc.positionAt(m.start), doc.positionAt(m.end)),
          vscode.Uri.parse(commandUri('papers.openPaper', paper.id)),
        );
        link.tooltip = `Open paper: ${paper.title}`;
        out.push(link);
      }
      return out;
    },
  };
}

/** Hovering a mention shows its paper, or says why the key does not resolve. */
function keyHoverProvider(services: Services): vscode.HoverProvider {
  const { model } = services;
  return {
    provideHover(doc, position) {
      const offset = doc.offsetAt(position);
      const m = mentionsIn(doc).find((x) => x.start <= offset && offset <= x.end);
      if (!m) return undefined;
      const range = new vscode.Range(doc.positionAt(m.start), doc.positionAt(m.end));
      const paper = model.resolve(m.key);
      const md = trustedMarkdown();
      if (!paper) {
        md.appendMarkdown(`No loaded paper has the key \`${m.key.replace(/`/g, '')}\`. `);
        md.appendMarkdown(
          model.analysis
            ? 'Keys resolve by their id part; check the collections in the setting `papers.collections`.'
            : 'The collections are still loading.',
        );
        return new vscode.Hover(md, range);
      }
      appendPaper(md, services, paper);
      md.appendMarkdown(paperActions(paper));
      return new vscode.Hover(md, range);
    },
  };
}

/**
 * Paper keys in any file: completion after the trigger (setting `papers.keyTrigger`) or `[[` in Markdown,
 * offering every paper by title; keys become links that open the paper; hovering one shows the paper.
 */
export function registerPaperKeys(services: Services): vscode.Disposable {
  const completion = keyCompletionProvider(services);
  const files = workspaceFilesAndUntitled();
  const triggers = () => {
    const t = keyTrigger();
    return [...new Set([t[t.length - 1], '['])];
  };
  let registration = vscode.languages.registerCompletionItemProvider(files, completion, ...triggers());
  return vscode.Disposable.from(
    { dispose: () => registration.dispose() },
    vscode.languages.registerDocumentLinkProvider(files, keyLinkProvider(services)),
    vscode.languages.registerHoverProvider(files, keyHoverProvider(services)),
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (!e.affectsConfiguration('papers.keyTrigger')) return;
      registration.dispose();
      registration = vscode.languages.registerCompletionItemProvider(files, completion, ...triggers());
    }),
  );
}
