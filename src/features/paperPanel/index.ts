import * as vscode from 'vscode';
import { FeatureActivator } from '../services';
import { PAPER_VIEW_TYPE } from './viewType';

export { PaperPanel } from './panel';
export { PAPER_VIEW_TYPE } from './viewType';

/** The paper view comes back after a window reload: VS Code hands the restored webview to the one panel. */
export const activate: FeatureActivator = (context, services) => {
  context.subscriptions.push(
    vscode.window.registerWebviewPanelSerializer(PAPER_VIEW_TYPE, {
      deserializeWebviewPanel: (panel, state: unknown) => services.panel.restore(panel, state),
    }),
  );
};
