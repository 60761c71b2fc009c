import * as vscode from 'vscode';
import { Services } from '../services';
import { refusedInRestrictedMode } from '../storage/restrictedMode';
import { TreeNode } from '../tree/types';
import { configuredEntries, entryOf, setEntries } from './settings';

const COLLECTION_PREFIX = 'collection:';

/**
 * Removes a collection row's file from papers.collections, after a confirmation. The file itself stays.
 * A file matched by a glob cannot be removed alone: the message names the pattern to edit instead.
 */
export async function removeCollection(
  services: Pick<Services, 'model' | 'context'>,
  node: TreeNode | string | undefined,
  options: { confirmed?: boolean } = {},
): Promise<boolean> {
  const name =
    typeof node === 'string'
      ? node
      : node?.kind === 'group' && node.id.startsWith(COLLECTION_PREFIX)
        ? node.id.slice(COLLECTION_PREFIX.length)
        : undefined;
  const collection = services.model.analysis?.collections.find((c) => c.name === name);
  const folder = vscode.workspace.workspaceFolders?.[0];
  if (!collection || !folder) return false;
  // removing writes .vscode/settings.json: not in an untrusted workspace (the user is told)
  if (refusedInRestrictedMode()) return false;
  const uri = vscode.Uri.parse(collection.path);
  const entries = configuredEntries();
  const entry = entryOf(uri, folder, entries);
  if (!entry) {
    const bundled = uri.toString().startsWith(services.context.extensionUri.toString());
    void vscode.window.showInformationMessage(
      bundled
        ? 'Papers: the bundled seed collections are shown while papers.collections is empty; import a collection to replace them.'
        : `Papers: "${collection.name}" comes from a pattern in papers.collections; edit the setting to leave it out.`,
    );
    return false;
  }
  if (!options.confirmed) {
    const remove = 'Remove';
    const picked = await vscode.window.showWarningMessage(
      `Remove the collection "${collection.name}" from Papers?`,
      { modal: true, detail: `${entry} is taken out of papers.collections. The file itself is not deleted.` },
      remove,
    );
    if (picked !== remove) return false;
  }
  await setEntries(entries.filter((e) => e !== entry));
  await services.model.reload();
  return true;
}
