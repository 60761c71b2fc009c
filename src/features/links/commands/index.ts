import * as vscode from 'vscode';
import { Services } from '../../services';
import { LiveLinks } from '../live';
import { NoteThreads } from '../noteThreads';
import { LinkStore } from '../store';
import { LinkCommandContext } from './context';
import { cancelLinkNote, deleteLinkNote, editLinkNote, saveLinkNote } from './linkNotes';
import { linkSelection } from './linkSelection';
import { openLink } from './openLink';
import { relinkLink } from './relinkLink';
import { showLinks } from './showLinks';
import { unlink } from './unlink';

/** The commands of code links, one module each. They return what they made, so other features and tests can use them. */
export function registerLinkCommands(
  services: Services,
  store: LinkStore,
  live: LiveLinks,
  notes: NoteThreads,
): vscode.Disposable {
  const ctx = new LinkCommandContext(services, store, live, notes);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each command has its own arguments
  const commands: Record<string, (ctx: LinkCommandContext) => (...args: any[]) => unknown> = {
    'papers.linkSelection': linkSelection,
    'papers.openLink': openLink,
    'papers.unlink': unlink,
    'papers.relinkLink': relinkLink,
    'papers.editLinkNote': editLinkNote,
    'papers.saveLinkNote': saveLinkNote,
    'papers.cancelLinkNote': cancelLinkNote,
    'papers.deleteLinkNote': deleteLinkNote,
    'papers.showLinks': showLinks,
  };
  return vscode.Disposable.from(
    ctx,
    ...Object.entries(commands).map(([id, make]) => vscode.commands.registerCommand(id, make(ctx))),
  );
}
