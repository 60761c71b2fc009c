// The notifications Papers shows during a test, recorded in the extension host (the workbench draws them elsewhere).
import * as vscode from 'vscode';

/**
 * Records the information, warning and error messages Papers shows meanwhile. A message `answer` gives an action
 * for is answered with it at once, as a click on that action would (and not shown); the others are still shown.
 */
export function recordMessages(answer: (message: string) => string | undefined = () => undefined): {
  messages: string[];
  stop: () => void;
} {
  const messages: string[] = [];
  const w = vscode.window as unknown as Record<string, (...a: unknown[]) => unknown>;
  const originals = ['showWarningMessage', 'showErrorMessage', 'showInformationMessage'].map((name) => {
    const original = w[name];
    w[name] = (message: unknown, ...rest: unknown[]) => {
      messages.push(String(message));
      const action = answer(String(message));
      return action !== undefined ? Promise.resolve(action) : original.call(vscode.window, message, ...rest);
    };
    return [name, original] as const;
  });
  return { messages, stop: () => originals.forEach(([name, original]) => (w[name] = original)) };
}
