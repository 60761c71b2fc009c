import * as vscode from 'vscode';
import { anchorAll, annotationsOf } from '../../core/annotations';
import {
  ANNOTATIONS_END,
  ANNOTATIONS_START,
  updateAnnotationsBlock,
  withAnnotationsBlockBeforeNotes,
} from '../../core/annotations';
import { lineOfOffset } from '../../core/common';
import { renderNotesTemplate } from '../../core/notes';
import { Paper } from '../../core/papers';
import { Services } from '../services';
import { isRestricted } from '../storage/restrictedMode';
import { createFileAtomic, writeFileAtomic } from '../storage/workspaceFiles';

export type NotesSyncResult = 'unchanged' | 'written' | 'created' | 'edited' | 'broken' | 'skipped';

type Deps = Pick<Services, 'model' | 'userData' | 'notes' | 'log'>;

/** One sync at a time per paper, so a burst of changes cannot interleave its read and write. */
const queues = new Map<string, Promise<unknown>>();
/** Papers whose broken markers were already shown to the user this session. */
const warned = new Set<string>();

const isFileSystemError = (e: unknown, code: string) => e instanceof vscode.FileSystemError && e.code === code;

/**
 * Brings the highlights section of a paper's notes up to date with its annotations. The section is
 * rewritten between its markers only, and only when its text changes. A notes file open with unsaved
 * changes gets a WorkspaceEdit (the user's typing is kept, and stays unsaved); otherwise the file is
 * written through `workspace.fs`. A missing notes file is created (from the template) when there is
 * something to list. Markers that do not pair up leave the file alone, with a warning.
 */
export function syncAnnotationsIntoNotes(deps: Deps, paperId: string): Promise<NotesSyncResult> {
  const previous = queues.get(paperId) ?? Promise.resolve();
  const next = previous.then(
    () => syncNow(deps, paperId),
    () => syncNow(deps, paperId),
  );
  const settled = next.catch(() => undefined);
  queues.set(paperId, settled);
  void settled.then(() => {
    if (queues.get(paperId) === settled) queues.delete(paperId);
  });
  return next;
}

async function syncNow(deps: Deps, paperId: string): Promise<NotesSyncResult> {
  // Restricted Mode changes nothing, an open editor's unsaved text included (the write paths would refuse a
  // file, but an editor's edit goes through no file)
  if (isRestricted()) return 'skipped';
  const paper = deps.model.paper(paperId);
  const uri = paper && deps.notes.uriFor(paper);
  if (!paper || !uri) return 'skipped';
  const items = anchorAll(annotationsOf(deps.userData.data(paperId)), paper.abstract);

  const document = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
  if (document?.isDirty) {
    const text = document.getText();
    const update = updateAnnotationsBlock(text, items);
    if (update.kind === 'broken') return broken(deps, paperId, uri, text, update.problem);
    if (update.kind === 'unchanged') return 'unchanged';
    const edit = new vscode.WorkspaceEdit();
    edit.replace(
      uri,
      new vscode.Range(document.positionAt(update.edit.start), document.positionAt(update.edit.end)),
      update.edit.insert,
    );
    if (!(await vscode.workspace.applyEdit(edit)))
      throw new Error(`the open editor of ${vscode.workspace.asRelativePath(uri)} refused the change`);
    return 'edited';
  }

  let text: string;
  try {
    text = new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
  } catch (e) {
    if (!isFileSystemError(e, 'FileNotFound')) throw e;
    if (!items.length) return 'skipped';
    if (await createNotes(deps, paper, uri, withAnnotationsBlockBeforeNotes(template(deps, paper), items)))
      return 'created';
    text = new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
  }
  const update = updateAnnotationsBlock(text, items);
  if (update.kind === 'broken') return broken(deps, paperId, uri, text, update.problem);
  if (update.kind === 'unchanged') return 'unchanged';
  await writeFileAtomic(uri, update.text);
  deps.log.info(`Updated the highlights section of ${uri.toString(true)}.`);
  return 'written';
}

function template(deps: Deps, paper: Paper): string {
  return renderNotesTemplate(paper, { key: deps.model.keyOf(paper), themeLabel: deps.model.theme(paper.theme)?.label });
}

/** Creates the notes file without overwriting one another window (or the notes feature) created meanwhile. */
async function createNotes(deps: Deps, paper: Paper, uri: vscode.Uri, text: string): Promise<boolean> {
  if (!(await createFileAtomic(uri, text))) return false;
  deps.log.info(`Created notes ${uri.toString(true)} for the highlights of paper ${paper.id}.`);
  return true;
}

function broken(deps: Deps, paperId: string, uri: vscode.Uri, text: string, problem: string): NotesSyncResult {
  const file = vscode.workspace.asRelativePath(uri);
  const at = [text.indexOf(ANNOTATIONS_START), text.indexOf(ANNOTATIONS_END)].filter((i) => i >= 0);
  const where = at.length ? `${file}:${lineOfOffset(text, Math.min(...at))}` : file;
  const message =
    `Papers: the highlights section of ${where} was not updated: ${problem}. Nothing outside it is ever changed; ` +
    `put back the pair of markers (or delete the one left) to have it kept in step again.`;
  deps.log.warn(message);
  if (!warned.has(paperId)) {
    warned.add(paperId);
    void vscode.window.showWarningMessage(message);
  }
  return 'broken';
}
