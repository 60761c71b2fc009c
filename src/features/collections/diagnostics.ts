import * as vscode from 'vscode';
import { Analysis } from '../../core/analysis';
import { LoadProblem } from '../../core/common';
import { isAbsolutePath } from './settings';
import { Services } from '../services';

/**
 * The load problems of the collections in the Problems panel: one diagnostic per problem, on its
 * collection file at its line, replaced at every load (so a fixed entry's diagnostic goes away), and one
 * summary notification per load that had problems.
 */

/** The file a problem names: the model shows workspace-relative names, or absolute ones outside the folder. */
export function problemUri(file: string): vscode.Uri {
  if (/^[a-z][a-z0-9+.-]+:\/\//i.test(file)) return vscode.Uri.parse(file);
  const folder = vscode.workspace.workspaceFolders?.[0];
  return isAbsolutePath(file) || !folder ? vscode.Uri.file(file) : vscode.Uri.joinPath(folder.uri, file);
}

export function diagnosticOf(problem: LoadProblem): vscode.Diagnostic {
  const line = Math.max(0, (problem.line ?? 1) - 1);
  // the whole line: the problem is about the entry that starts there; VS Code clamps the end to the line's length
  const range = new vscode.Range(line, 0, line, Number.MAX_SAFE_INTEGER);
  const diagnostic = new vscode.Diagnostic(
    range,
    problem.message,
    problem.line === undefined ? vscode.DiagnosticSeverity.Error : vscode.DiagnosticSeverity.Warning,
  );
  diagnostic.source = 'Papers';
  return diagnostic;
}

/** "3 problems in 2 files" */
export function problemSummary(problems: readonly LoadProblem[]): string {
  const files = new Set(problems.map((p) => p.file)).size;
  return `${problems.length} problem${problems.length === 1 ? '' : 's'} in ${files} file${files === 1 ? '' : 's'}`;
}

export function showLoadProblems(services: Services): vscode.DiagnosticCollection {
  const { model } = services;
  const collection = vscode.languages.createDiagnosticCollection('papers');
  let shown: Analysis | undefined;
  const update = () => {
    const analysis = model.analysis;
    // theme corrections change the analysis in place; only a new load brings new problems
    if (!analysis || analysis === shown) return;
    shown = analysis;
    const byFile = new Map<string, { uri: vscode.Uri; diagnostics: vscode.Diagnostic[] }>();
    for (const problem of analysis.problems) {
      const uri = problemUri(problem.file);
      const entry = byFile.get(uri.toString()) ?? { uri, diagnostics: [] };
      entry.diagnostics.push(diagnosticOf(problem));
      byFile.set(uri.toString(), entry);
    }
    collection.clear();
    for (const { uri, diagnostics } of byFile.values()) collection.set(uri, diagnostics);
    if (analysis.problems.length === 0) return;
    const show = 'Show Problems';
    void vscode.window
      .showWarningMessage(`Papers: ${problemSummary(analysis.problems)}; the other papers loaded.`, show)
      .then((pick) => (pick === show ? vscode.commands.executeCommand('workbench.actions.view.problems') : undefined));
  };
  services.context.subscriptions.push(collection, model.onDidChange(update));
  update();
  return collection;
}
