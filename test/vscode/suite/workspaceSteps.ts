import * as vscode from 'vscode';

/** A file of the test window's workspace folder. */
export const workspaceFile = (...p: string[]) => vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0].uri, ...p);

export const readJson = async (uri: vscode.Uri) =>
  JSON.parse(new TextDecoder().decode(await vscode.workspace.fs.readFile(uri)));

/** Answers the next input boxes with these values, as a user typing them would. */
export function answerInputBoxes(...answers: (string | undefined)[]): vscode.Disposable {
  const original = vscode.window.showInputBox;
  (vscode.window as { showInputBox: typeof original }).showInputBox = async () => answers.shift();
  return { dispose: () => ((vscode.window as { showInputBox: typeof original }).showInputBox = original) };
}
