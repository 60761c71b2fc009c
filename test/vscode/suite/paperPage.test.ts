import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { decodeLatex } from '../../../src/core/common';
import { paperPageHtml } from '../../../src/features/paperPanel/pageHtml';
import { paperViewModel } from '../../../src/features/paperPanel/panel';
import { papersApi, restoreSeeds } from './papersApi';
import { until } from './until';

// A JSON Lines day as arXiv's metadata dump writes it: an id, categories, a date, math in the abstract; and an
// entry whose only address is a `javascript:` URL, which must never reach the browser.
const DAY = [
  {
    id: '2401.01234v2',
    title: 'Quadratic Probes for $x^2$ Estimation',
    abstract: 'We estimate $x^2$ from noisy samples in $\\mathcal{O}(n)$ time and show $$\\sum_i x_i^2 \\le 1.$$',
    authors: 'Jane Doe; John Roe',
    categories: 'cs.LG stat.ML',
    update_date: '2024-01-02',
  },
  {
    title: 'A Page Nobody Should Open',
    abstract: 'An entry whose address is not a web page.',
    url: 'javascript:alert(1)',
  },
  {
    title: 'A Published Paper',
    abstract: 'An entry with a DOI and nothing else to open.',
    doi: '10.1145/3368089.3409719',
  },
];

suite('Paper page: one step from the paper view to the paper', () => {
  const opened: string[] = [];
  const env = vscode.env as { openExternal: typeof vscode.env.openExternal };
  const original = env.openExternal;

  suiteSetup(async function () {
    this.timeout(90_000);
    // VS Code leaves `env` patchable while it runs extension tests: the browser is never really opened
    env.openExternal = async (uri: vscode.Uri) => {
      opened.push(uri.toString(true));
      return true;
    };
    const { services } = await papersApi(60_000);
    const folder = vscode.workspace.workspaceFolders![0].uri;
    const file = vscode.Uri.joinPath(folder, 'pages', 'day.jsonl');
    await vscode.workspace.fs.writeFile(file, new TextEncoder().encode(DAY.map((r) => JSON.stringify(r)).join('\n')));
    await vscode.workspace
      .getConfiguration('papers')
      .update('collections', ['pages/day.jsonl'], vscode.ConfigurationTarget.Workspace);
    await until('the day loaded', () => services.model.analysis?.papers.length === DAY.length, 60_000);
  });

  suiteTeardown(async function () {
    this.timeout(90_000);
    env.openExternal = original;
    await restoreSeeds();
  });

  const paperTitled = async (title: string) => {
    const { services } = await papersApi();
    // a file's title is shown decoded, as every title is ($x^2$ reads x²)
    const paper = services.model.analysis!.papers.find((p) => p.sourceTitle === decodeLatex(title));
    assert.ok(paper, title);
    return paper;
  };

  test('the view model carries authors, date, categories and the arXiv page; math stays as written', async () => {
    const { services } = await papersApi();
    const paper = await paperTitled(DAY[0].title);
    const view = paperViewModel(services, paper);
    assert.deepEqual(view.authors, ['Jane Doe', 'John Roe']);
    assert.equal(view.date, '2024-01-02');
    assert.deepEqual(view.categories, ['cs.LG', 'stat.ML']);
    assert.deepEqual(view.page, {
      kind: 'arxiv',
      label: 'arXiv:2401.01234v2',
      url: 'https://arxiv.org/abs/2401.01234v2',
    });
    assert.ok(view.abstract.includes('$x^2$') && view.abstract.includes('$$\\sum_i'), view.abstract);
  });

  test('Open Paper Page opens the arXiv page of the paper in the view, from the palette', async () => {
    const { services } = await papersApi();
    const paper = await paperTitled(DAY[0].title);
    await vscode.commands.executeCommand('papers.openPaper', paper.id);
    await until('the paper in the view', () => services.panel.current?.id === paper.id);
    opened.length = 0;
    assert.equal(await vscode.commands.executeCommand('papers.openPaperPage'), undefined);
    assert.deepEqual(opened, ['https://arxiv.org/abs/2401.01234v2']);
  });

  test('the tree offers Open Paper Page on the papers that have a page, not on the others', async () => {
    const { tree } = await papersApi();
    const contextOf = async (title: string) => {
      const paper = await paperTitled(title);
      const node = await until(`the row of ${title}`, () => tree.nodeOf(paper.id));
      return String(tree.getTreeItem(node).contextValue);
    };
    assert.match(await contextOf(DAY[0].title), /^paper\b.*\bhaspage\b/);
    assert.match(await contextOf(DAY[2].title), /\bhaspage\b/);
    assert.doesNotMatch(await contextOf(DAY[1].title), /\bhaspage\b/);
  });

  test('a DOI opens at doi.org; a javascript: URL is never opened', async () => {
    opened.length = 0;
    await vscode.commands.executeCommand('papers.openPaperPage', (await paperTitled(DAY[2].title)).id);
    await vscode.commands.executeCommand('papers.openPaperPage', (await paperTitled(DAY[1].title)).id);
    assert.deepEqual(opened, ['https://doi.org/10.1145/3368089.3409719']);
  });

  test("the page links KaTeX's stylesheet from the extension's media folder, and its CSP allows fonts from there only", async () => {
    const { services } = await papersApi();
    const media = vscode.Uri.joinPath(services.context.extensionUri, 'media');
    const webview = {
      cspSource: 'https://webview.test',
      asWebviewUri: (u: vscode.Uri) => u,
    } as unknown as vscode.Webview;
    const html = paperPageHtml(webview, media);
    const css = vscode.Uri.joinPath(media, 'katex', 'katex.min.css');
    assert.ok(html.includes(`href="${css.toString()}" id="katex-css"`), html);
    assert.match(html, /font-src https:\/\/webview\.test;/);
    assert.doesNotMatch(html, /unsafe-inline|unsafe-eval|https:\/\/(?!webview\.test)/);
    await vscode.workspace.fs.stat(css);
  });
});
