import * as vscode from 'vscode';
import { Paper, paperPageOf, webUrl } from '../../core/papers';

/**
 * Opens the paper's page (arXiv, DOI or its URL) in the browser. Papers itself fetches nothing: the editor
 * hands the address to the system's browser, and only an http or https address is ever handed over.
 */
export async function openPaperPage(paper: Paper): Promise<boolean> {
  const page = paperPageOf(paper);
  // checked again here, where it leaves: the address came from a file anyone could have written
  const url = webUrl(page?.url);
  if (!url) {
    const source = paper.sources[0];
    const where = source ? ` (${source.collection}:${source.line})` : '';
    void vscode.window.showInformationMessage(
      `Papers: "${paper.title}" has no arXiv id, DOI or web address in its file${where}. ` +
        'Add an `eprint`, `doi` or `url` to its entry to open its page from here.',
    );
    return false;
  }
  return vscode.env.openExternal(vscode.Uri.parse(url, true));
}
