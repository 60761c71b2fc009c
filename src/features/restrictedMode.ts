import * as vscode from 'vscode';

/**
 * Restricted Mode (an untrusted workspace): Papers reads and searches, but writes nothing of the user's
 * (.papers/ marks, themes and links, notes). Every write path calls `assertCanWrite` before it touches a
 * file, so this is the one place that decides; it tells the user once per burst of attempts.
 *
 * The error is a CancellationError so that a command stopped here is not also reported by VS Code as
 * "command failed": the message below is the one the user sees.
 */
export class RestrictedModeError extends vscode.CancellationError {
  readonly restricted = true;
}

const MESSAGE =
  'Papers is in Restricted Mode: it reads and searches this workspace but changes nothing in it (notes, read and star marks, tags, highlights, links, themes). Trust the workspace to make changes.';
const MANAGE = 'Manage Workspace Trust';
/** Attempts closer together than this (one click writing several files) share one message. */
const QUIET_MS = 3000;

let lastShown = 0;
/** For the tests of this mode: the test host runs with workspace trust disabled (always trusted). */
let simulatedUntrusted = false;

export function isRestricted(): boolean {
  return simulatedUntrusted || !vscode.workspace.isTrusted;
}

/** Throws RestrictedModeError (after telling the user) when the workspace is not trusted. */
export function assertCanWrite(what: vscode.Uri | string): void {
  if (!isRestricted()) return;
  const name = typeof what === 'string' ? what : vscode.workspace.asRelativePath(what);
  if (Date.now() - lastShown > QUIET_MS) {
    lastShown = Date.now();
    void vscode.window.showInformationMessage(MESSAGE, MANAGE).then((pick) => (pick === MANAGE ? vscode.commands.executeCommand('workbench.trust.manage') : undefined));
  }
  throw Object.assign(new RestrictedModeError(), { detail: `not written in Restricted Mode: ${name}` });
}

export function isRestrictedModeError(err: unknown): boolean {
  return err instanceof RestrictedModeError;
}

export interface RestrictedModeApi {
  simulateUntrusted(on: boolean): Promise<void>;
}

/** The switch the tests use to run the write paths as in an untrusted workspace. */
export function activateRestrictedMode(): RestrictedModeApi {
  return {
    async simulateUntrusted(on: boolean) {
      simulatedUntrusted = on;
      lastShown = 0;
    },
  };
}
