import * as vscode from 'vscode';

function nonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(18));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The paper view's page: its script and styles from media/ (KaTeX's stylesheet and fonts too, copied there at
 * build time: the page loads nothing from the network), a nonce-only CSP.
 */
export function paperPageHtml(webview: vscode.Webview, mediaRoot: vscode.Uri): string {
  const n = nonce();
  const style = webview.asWebviewUri(vscode.Uri.joinPath(mediaRoot, 'paper.css'));
  const katexStyle = webview.asWebviewUri(vscode.Uri.joinPath(mediaRoot, 'katex', 'katex.min.css'));
  const script = webview.asWebviewUri(vscode.Uri.joinPath(mediaRoot, 'dist', 'page.js'));
  const csp = `default-src 'none'; style-src ${webview.cspSource}; font-src ${webview.cspSource}; script-src 'nonce-${n}'; img-src ${webview.cspSource};`;
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${katexStyle}" id="katex-css">
<link rel="stylesheet" href="${style}">
<title>Paper</title>
</head>
<body>
<main id="paper"></main>
<script nonce="${n}" src="${script}"></script>
</body>
</html>`;
}
