import * as vscode from 'vscode';

/**
 * Restricted Mode (an untrusted workspace): Papers reads and searches, but writes nothing of the user's
 * (.papers/ marks, themes and links, notes). This module alone decides: the stores' update methods ask
 * `refusedInRestrictedMode` first, and the file helpers (workspaceFiles.ts, notes creation) call
 * `assertCanWrite` before they touch a file. The user is told once per burst of attempts.
 */
export class RestrictedModeError extends Error {
  constructor(what: string) {
    super(`Papers is in Restricted Mode: ${what} is not written`);
    this.name = 'RestrictedModeError';
  }
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

function tellRestricted(): void {
  if (Date.now() - lastShown <= QUIET_MS) return;
  lastShown = Date.now();
  void vscode.window
    .showInformationMessage(MESSAGE, MANAGE)
    .then((pick) => (pick === MANAGE ? vscode.commands.executeCommand('workbench.trust.manage') : undefined));
}

/**
 * For the stores' update methods, where commands write: true (after telling the user) when the workspace is
 * not trusted, and the caller returns without changing anything. Returning, not throwing, so that the
 * command ends quietly: VS Code would report a thrown error as "command resulted in an error".
 */
export function refusedInRestrictedMode(): boolean {
  if (!isRestricted()) return false;
  tellRestricted();
  return true;
}

/** The last line of defence in the file helpers: throws RestrictedModeError (after telling the user). */
export function assertCanWrite(what: vscode.Uri | string): void {
  if (!isRestricted()) return;
  tellRestricted();
  throw new RestrictedModeError(typeof what === 'string' ? what : vscode.workspace.asRelativePath(what));
}

export function isRestrictedModeError(err: unknown): boolean {
  return err instanceof RestrictedModeError;
}

export interface RestrictedModeApi {
  simulateUntrusted(on: boolean): Promise<void>;
}

/** The switch the tests use to run the write paths as in an untrusted workspace. */
export const restrictedModeApi: RestrictedModeApi = {
  async simulateUntrusted(on: boolean) {
    simulatedUntrusted = on;
    lastShown = 0;
  },
};
