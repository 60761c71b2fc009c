import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { addTags, removeTags } from '../../../src/core/papers/tags';
import { addHighlight, deleteHighlight } from '../../../src/features/annotations/annotations';
import { papersApi } from './papersApi';

const api = () => papersApi(110_000);

const uri = (...parts: string[]) => vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0].uri, ...parts);
const read = async (u: vscode.Uri) => new TextDecoder().decode(await vscode.workspace.fs.readFile(u));

/** Answers the next save dialogs with these files (undefined: Escape), as a user picking them would. */
function answerSaveDialogs(...answers: (vscode.Uri | undefined)[]): vscode.Disposable & { asked: string[] } {
  const original = vscode.window.showSaveDialog;
  const asked: string[] = [];
  (vscode.window as { showSaveDialog: typeof original }).showSaveDialog = async (options) => {
    asked.push(options?.title ?? '');
    return answers.shift();
  };
  return { asked, dispose: () => ((vscode.window as { showSaveDialog: typeof original }).showSaveDialog = original) };
}

suite('Export Annotations', function () {
  /** What this suite added, removed at the end so other suites see the workspace as they expect. */
  let added: { paperId: string; annotationId: string } | undefined;

  suiteSetup(async function () {
    this.timeout(120_000);
    await api();
  });

  suiteTeardown(async () => {
    if (!added) return;
    const { services } = await api();
    const { paperId, annotationId } = added;
    await deleteHighlight(services, paperId, annotationId);
    await services.userData.update(paperId, (d) => ({ ...d, tags: removeTags(d.tags, ['export-check']) }));
  });

  test('writes a Markdown digest by theme and W3C Web Annotation JSON to the files picked in the save dialogs', async () => {
    const { services } = await api();
    const paper = services.model.analysis!.papers[77];
    const theme = services.model.theme(paper.theme)!;
    const words = [...paper.abstract.matchAll(/\S+/g)].slice(5, 9);
    const range = { start: words[0].index!, end: words[3].index! + words[3][0].length };
    const a = await addHighlight(services, paper.id, range, 'pink', 'quxifying remark for the export');
    added = { paperId: paper.id, annotationId: a.id };
    await services.userData.update(paper.id, (d) => ({ ...d, tags: addTags(d.tags, ['export-check']) }));

    const md = uri('exports', 'digest.md');
    const json = uri('exports', 'annotations.jsonld');
    const dialogs = answerSaveDialogs(md, json);
    let written: vscode.Uri[];
    try {
      written = await vscode.commands.executeCommand<vscode.Uri[]>('papers.exportAnnotations');
    } finally {
      dialogs.dispose();
    }
    assert.deepEqual(dialogs.asked, [
      'Export Annotations: Markdown digest',
      'Export Annotations: W3C Web Annotation JSON',
    ]);
    assert.deepEqual(
      written.map((u) => u.toString()),
      [md.toString(), json.toString()],
    );

    const digest = await read(md);
    const section = digest.slice(digest.indexOf(`## ${theme.label}`));
    assert.ok(digest.includes(`## ${theme.label}`), `the digest has the paper's theme: ${digest.slice(0, 400)}`);
    const paperPart = section.slice(section.indexOf(`### ${paper.title}`));
    assert.ok(section.includes(`### ${paper.title}`), 'the paper under its theme');
    assert.ok(paperPart.includes(`\`${services.model.keyOf(paper)}\``));
    assert.ok(paperPart.includes('#export-check'), 'its tag');
    assert.ok(
      paperPart.includes(`“${paper.abstract.slice(range.start, range.end).replace(/\s+/g, ' ')}” _(pink)_`),
      'the highlighted words and color',
    );
    assert.ok(paperPart.includes('   > quxifying remark for the export'), 'the note');

    const collection = JSON.parse(await read(json));
    assert.equal(collection.type, 'AnnotationCollection');
    const item = collection.first.items.find(
      (i: { id: string }) => i.id === `urn:papers:annotation:${encodeURIComponent(a.id)}`,
    );
    assert.ok(item, 'the highlight is in the JSON');
    assert.equal(item.body.value, 'quxifying remark for the export');
    assert.equal(item.target.source, `urn:papers:paper:${encodeURIComponent(services.model.keyOf(paper))}`);
    assert.deepEqual(item.target.selector[1], { type: 'TextPositionSelector', start: range.start, end: range.end });
  });

  test('Escape in the second dialog writes only the digest', async () => {
    const md = uri('exports', 'only-digest.md');
    const dialogs = answerSaveDialogs(md, undefined);
    try {
      const written = await vscode.commands.executeCommand<vscode.Uri[]>('papers.exportAnnotations');
      assert.deepEqual(
        written.map((u) => u.toString()),
        [md.toString()],
      );
    } finally {
      dialogs.dispose();
    }
    assert.match(await read(md), /^# Annotations\n/);
  });
});
