import * as vscode from 'vscode';
import { annotationsOf } from '../../core/annotations';
import { AnnotatedPaper, annotationsDigest, annotationsW3C } from '../../core/annotations';
import { Services } from '../services';
import { refusedInRestrictedMode } from '../storage/restrictedMode';

export const EXPORT_ANNOTATIONS_COMMAND = 'papers.exportAnnotations';

/** Every loaded paper with user data, with what the export needs; themes in the tree's order. */
function annotatedPapers(services: Services): AnnotatedPaper[] {
  const { model, userData } = services;
  const analysis = model.analysis;
  if (!analysis) return [];
  const withData = new Set(userData.idsWithData());
  const out: AnnotatedPaper[] = [];
  for (const theme of analysis.themes) {
    for (const id of theme.paperIds) {
      const paper = withData.has(id) ? model.paper(id) : undefined;
      if (!paper) continue;
      const data = userData.data(id);
      out.push({
        key: model.keyOf(paper),
        title: paper.title,
        abstract: paper.abstract,
        themeLabel: theme.label,
        tags: data.tags ?? [],
        annotations: annotationsOf(data),
      });
    }
  }
  return out;
}

/** Where to write one format: the save dialog, starting in the workspace folder. Undefined skips it. */
function pickFile(title: string, name: string, filters: Record<string, string[]>): Thenable<vscode.Uri | undefined> {
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  return vscode.window.showSaveDialog({
    title,
    saveLabel: 'Export',
    filters,
    defaultUri: folder && vscode.Uri.joinPath(folder, name),
  });
}

/**
 * `Papers: Export Annotations`: asks where to write the Markdown digest, then the W3C Web Annotation JSON
 * (Escape at either skips that format), and writes them. Returns the files written, for tests.
 */
async function exportAnnotations(services: Services): Promise<vscode.Uri[]> {
  // an export writes files: nothing is written in Restricted Mode (the user is told)
  if (refusedInRestrictedMode()) return [];
  if (!services.model.analysis) {
    void vscode.window.showInformationMessage('Papers is still loading its collections; try again in a moment.');
    return [];
  }
  const papers = annotatedPapers(services);
  const written: vscode.Uri[] = [];
  const write = async (uri: vscode.Uri, text: string) => {
    try {
      await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(text));
      written.push(uri);
    } catch (e) {
      void vscode.window.showErrorMessage(`Papers: could not write ${uri.fsPath}: ${(e as Error).message}`);
    }
  };
  const markdown = await pickFile('Export Annotations: Markdown digest', 'papers-annotations.md', { Markdown: ['md'] });
  if (markdown) await write(markdown, annotationsDigest(papers, { date: new Date() }));
  const json = await pickFile('Export Annotations: W3C Web Annotation JSON', 'papers-annotations.jsonld', {
    'Web Annotation JSON-LD': ['jsonld', 'json'],
  });
  if (json) await write(json, `${JSON.stringify(annotationsW3C(papers), null, 2)}\n`);
  if (written.length) {
    const count = papers.filter((p) => p.tags.length || p.annotations.length).length;
    const names = written.map((u) => vscode.workspace.asRelativePath(u, false)).join(' and ');
    void vscode.window
      .showInformationMessage(
        `Papers: exported the annotations of ${count} paper${count === 1 ? '' : 's'} to ${names}.`,
        'Open',
      )
      .then((choice) => {
        if (choice === 'Open') void vscode.window.showTextDocument(written[0]);
      });
  }
  return written;
}

export function registerExportAnnotations(services: Services): vscode.Disposable {
  return vscode.commands.registerCommand(EXPORT_ANNOTATIONS_COMMAND, () => exportAnnotations(services));
}
