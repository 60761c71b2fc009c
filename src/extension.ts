import * as vscode from 'vscode';

export function activate(_context: vscode.ExtensionContext): void {
  // wiring comes with the features
}

export function deactivate(): void {}
