import * as assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import { dirname } from 'node:path';
import * as vscode from 'vscode';
import type { PapersApi } from '../../../src/extension';
import type { LinksApi, LinkView } from '../../../src/features/links';
import { papersApi } from './papersApi';
import { until } from './until';

type Api = PapersApi & { links: LinksApi };

async function api(): Promise<Api> {
  const a: Api = await papersApi();
  assert.ok(a.links, 'the extension exposes its links feature (activateLinks wired in extension.ts)');
  return a;
}

function workspaceUri(...parts: string[]): vscode.Uri {
  const folder = vscode.workspace.workspaceFolders?.[0];
  assert.ok(folder, 'the tests run with a workspace folder open');
  return vscode.Uri.joinPath(folder.uri, ...parts);
}

const write = (uri: vscode.Uri, text: string) => vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(text));
const read = async (uri: vscode.Uri) => new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
/** The stored links of a paper; undefined while the file is being replaced (a rename over it deletes it first). */
const storedLinks = (paperId: string) =>
  read(workspaceUri('.papers', 'links', `${paperId}.json`)).then(
    (t) => JSON.parse(t) as { range: { startLine: number }; file: string; note?: string; anchor: { text: string } }[],
    () => undefined,
  );
const lineOf = (text: string, needle: string) => text.slice(0, text.indexOf(needle)).split('\n').length - 1;

const TRAIN = `import torch


def build(width):
    return torch.nn.Linear(width, width)


def smoothed_loss(logits, targets, eps=0.1):
    n = logits.size(-1)
    logp = torch.log_softmax(logits, dim=-1)
    target = torch.full_like(logp, eps / (n - 1))
    target.scatter_(1, targets.unsqueeze(1), 1 - eps)
    return -(target * logp).sum(-1).mean()


def train(model, data):
    for x, y in data:
        loss = smoothed_loss(model(x), y)
        loss.backward()
`;

/** The same file after a formatter, a new helper above, and the function moved to the end. */
const TRAIN_REWRITTEN = `"""Training with label smoothing."""
import torch

SEED = 0


def build(width: int):
    return torch.nn.Linear(width, width)


def train(model, data):
    for x, y in data:
        loss = smoothed_loss(model(x), y)
        loss.backward()


def smoothed_loss(logits, targets, eps=0.1):
    n = logits.size(-1)
    logp = torch.log_softmax(
        logits, dim=-1
    )
    target = torch.full_like(logp, eps / (n - 1))
    target.scatter_(1, targets.unsqueeze(1), 1 - eps)
    return -(target * logp).sum(-1).mean()
`;

suite('Code links in a real VS Code', () => {
  const file = workspaceUri('src', 'links-train.py');
  let paperId = '';
  let linkId = '';
  const link = async (): Promise<LinkView> => (await api()).links.linksOf(paperId).find((l) => l.id === linkId)!;

  suiteSetup(async function () {
    this.timeout(120_000); // the first analysis of the seeds, without a cache
    const { services } = await api();
    await until('the collections', () => services.model.analysis, 110_000);
    paperId = services.model.analysis!.papers.find((p) => p.method)!.id;
    await write(file, TRAIN);
  });

  test('Link Paper to Selection links the selected lines, with a note, in .papers/links/<paper id>.json', async () => {
    const { links } = await api();
    const editor = await vscode.window.showTextDocument(file);
    const start = lineOf(TRAIN, 'def smoothed_loss');
    editor.selection = new vscode.Selection(start, 0, start + 6, 0); // whole lines, as a mouse drag makes them
    linkId = (await vscode.commands.executeCommand<string>('papers.linkSelection', paperId, {
      note: 'label smoothing as in section 3',
    }))!;
    assert.match(linkId, /^[0-9a-f]{12}$/);
    const stored = (await until('the link file', () => storedLinks(paperId))) as any[];
    assert.equal(stored.length, 1);
    assert.equal(stored[0].file, 'src/links-train.py');
    assert.deepEqual(stored[0].range, { startLine: start, startCharacter: 0, endLine: start + 5, endCharacter: 42 });
    assert.ok(stored[0].anchor.text.startsWith('def smoothed_loss('));
    assert.equal(stored[0].note, 'label smoothing as in section 3');
    const view = links.linksOf(paperId)[0];
    assert.equal(view.status, 'ok');
    assert.equal(view.range.start.line, start);
  });

  test('a CodeLens above the link names the paper and opens it', async () => {
    const { services } = await api();
    const title = services.model.paper(paperId)!.title;
    const lenses = await until('the CodeLens', async () => {
      const all = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', file);
      return all.filter((l) => l.command?.title === `$(book) ${title}`).length ? all : undefined;
    });
    const lens = lenses.find((l) => l.command?.title === `$(book) ${title}`)!;
    assert.equal(lens.range.start.line, lineOf(TRAIN, 'def smoothed_loss'));
    assert.equal(lens.command!.command, 'papers.openPaper');
    assert.deepEqual(lens.command!.arguments, [paperId]);
  });

  test('hovering the linked code shows the paper, its note and command links to this extension only', async () => {
    const { services } = await api();
    const paper = services.model.paper(paperId)!;
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>(
      'vscode.executeHoverProvider',
      file,
      new vscode.Position(lineOf(TRAIN, 'logp = torch'), 8),
    );
    const text = hovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : c.value))).join('\n');
    const word = paper.title.split(/[^A-Za-z]+/).find((w) => w.length >= 4)!;
    assert.ok(text.includes(word), `the hover names the paper: ${text.slice(0, 300)}`);
    assert.ok(text.includes('label smoothing as in section 3'), `the hover shows the note: ${text}`);
    for (const command of text.matchAll(/\(command:([\w.]+)/g)) assert.match(command[1], /^papers\./);
    assert.match(text, /command:papers\.unlink/);
  });

  test('lines typed above the link in the editor move it; saving writes the new place', async () => {
    const editor = await vscode.window.showTextDocument(file);
    await editor.edit((e) => e.insert(new vscode.Position(0, 0), '# a comment\n# and another\n\n'));
    const expected = lineOf(TRAIN, 'def smoothed_loss') + 3;
    await until('the link to move with the edit', async () => (await link()).range.start.line === expected);
    await editor.document.save();
    await until('the moved range on disk', async () => (await storedLinks(paperId))?.[0].range.startLine === expected);
    const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', file);
    assert.ok(
      lenses.some((l) => l.command?.title.startsWith('$(book)') && l.range.start.line === expected),
      'the CodeLens moved too',
    );
  });

  test('the file rewritten on disk (formatted, lines inserted above, the function moved lower) is re-anchored', async () => {
    await write(file, TRAIN_REWRITTEN);
    const start = lineOf(TRAIN_REWRITTEN, 'def smoothed_loss');
    const view = await until('the link to follow the rewrite', async () => {
      const l = await link();
      return l.range.start.line === start && l.status !== 'stale' ? l : undefined;
    });
    assert.equal(view.range.end.line, start + 7, 'the reformatted function, wrapped call included');
    await until('the new place on disk', async () => (await storedLinks(paperId))?.[0].range.startLine === start);
  });

  test('the linked text deleted in the editor makes the link stale, still listed, with Re-link and Remove', async () => {
    const { links } = await api();
    const editor = await vscode.window.showTextDocument(file);
    const doc = editor.document;
    const start = lineOf(doc.getText(), 'def smoothed_loss');
    await editor.edit((e) => e.delete(new vscode.Range(start - 2, 0, doc.lineCount, 0)));
    const view = await until('the link to turn stale', async () =>
      (await link()).status === 'stale' ? link() : undefined,
    );
    assert.equal(view.id, linkId);
    assert.equal(links.linksOf(paperId).length, 1, 'a stale link is never dropped');
    const lenses = await until('the stale CodeLens', async () => {
      const all = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', file);
      return all.some((l) => l.command?.title.startsWith('$(warning)')) ? all : undefined;
    });
    const titles = lenses.map((l) => l.command?.title);
    assert.ok(titles.includes('Re-link to selection') && titles.includes('Remove'), titles.join(' | '));
    await doc.save();
    await new Promise((r) => setTimeout(r, 800));
    const stored = await until('the stored links', () => storedLinks(paperId));
    assert.equal(stored.length, 1, 'still stored');
    assert.ok(stored[0].anchor.text.startsWith('def smoothed_loss('), 'the anchor still holds the text it looks for');
  });

  test('Re-link to selection points the stale link at the selected code', async () => {
    const editor = await vscode.window.showTextDocument(file);
    const line = lineOf(editor.document.getText(), 'def train');
    editor.selection = new vscode.Selection(line, 0, line + 3, 0);
    await vscode.commands.executeCommand('papers.relinkLink', linkId);
    const view = await until('the re-linked link', async () =>
      (await link()).status === 'ok' && (await link()).range.start.line === line ? link() : undefined,
    );
    assert.equal(view.range.end.line, line + 2);
  });

  test('the link follows its file when it is renamed', async () => {
    const renamed = workspaceUri('src', 'links-training.py');
    const edit = new vscode.WorkspaceEdit();
    edit.renameFile(file, renamed);
    assert.ok(await vscode.workspace.applyEdit(edit));
    await until('the link to carry the new path', async () => (await link()).file === 'src/links-training.py');
    await until('the new path on disk', async () => (await storedLinks(paperId))?.[0].file === 'src/links-training.py');
    await vscode.commands.executeCommand('papers.editLinkNote', linkId, 'renamed along with its file');
    await until('the note saved', async () => (await storedLinks(paperId))?.[0].note === 'renamed along with its file');
  });

  test('paper keys: completion after @paper:, clickable keys and wikilinks, a hover, and backlinks', async () => {
    const { services, links } = await api();
    const paper = services.model.paper(paperId)!;
    const key = services.model.keyOf(paper);
    const notes = workspaceUri('ideas', 'links-ideas.md');
    // the workspace's Markdown files are listed before the new one is written: it must be found all the same
    assert.ok((await links.backlinksOf(paper.id)).every((b) => !b.uri.path.endsWith('/ideas/links-ideas.md')));
    await write(
      notes,
      `# Ideas\n\nTry the loss of [[${key}]] on our data.\n\nAlso see @paper:${key}.\n\nCompare with @paper:\n`,
    );
    const doc = await vscode.workspace.openTextDocument(notes);
    await vscode.window.showTextDocument(doc);
    const list = await vscode.commands.executeCommand<vscode.CompletionList>(
      'vscode.executeCompletionItemProvider',
      notes,
      new vscode.Position(6, 'Compare with @paper:'.length),
    );
    const item = list.items.find((i) => i.insertText === key);
    assert.ok(item, `the completion offers ${key}`);
    assert.equal(typeof item.label === 'string' ? item.label : item.label.label, paper.title);
    const docLinks = await vscode.commands.executeCommand<vscode.DocumentLink[]>('vscode.executeLinkProvider', notes);
    const targets = docLinks.map((l) => l.target?.toString(true) ?? '');
    assert.equal(
      targets.filter((t) => t.startsWith('command:papers.openPaper') && t.includes(paper.id)).length,
      2,
      targets.join(' | '),
    );
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>(
      'vscode.executeHoverProvider',
      notes,
      new vscode.Position(2, 20),
    );
    assert.ok(hovers.some((h) => h.contents.some((c) => (typeof c === 'string' ? c : c.value).includes('Open paper'))));
    // the file was written a moment ago: its watcher event may not have reached the backlinks index yet
    const lines = await until('the new notes file in the backlinks', async () => {
      const found = (await links.backlinksOf(paper.id))
        .filter((b) => b.uri.path.endsWith('/ideas/links-ideas.md'))
        .map((b) => b.range.start.line);
      return found.length > 0 ? found : undefined;
    });
    assert.deepEqual(lines, [2, 4]);
    // a file written behind VS Code's back and never opened (found by the watcher, or by the next listing)
    const behind = workspaceUri('ideas', 'links-written-elsewhere.md');
    await fs.mkdir(dirname(behind.fsPath), { recursive: true });
    await fs.writeFile(behind.fsPath, `Related: [[${key}]]\n`);
    await until(
      'the file written elsewhere in the backlinks',
      async () =>
        (await links.backlinksOf(paper.id)).some((b) => b.uri.path.endsWith('/ideas/links-written-elsewhere.md')) ||
        undefined,
    );
    await fs.rm(behind.fsPath);
    await until(
      'the deleted file out of the backlinks',
      async () =>
        (await links.backlinksOf(paper.id)).every((b) => !b.uri.path.endsWith('/ideas/links-written-elsewhere.md')) ||
        undefined,
    );
  });

  test('Remove drops the link and its file', async () => {
    const { links } = await api();
    await vscode.commands.executeCommand('papers.unlink', linkId);
    await until('no links left', () => links.linksOf(paperId).length === 0);
    await until('the empty link file removed', async () => !(await storedLinks(paperId)));
  });
});
