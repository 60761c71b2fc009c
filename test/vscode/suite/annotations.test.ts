import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { createAnnotation } from '../../../src/core/annotations/annotations';
import { ANNOTATIONS_END, ANNOTATIONS_START } from '../../../src/core/annotations/notesBlock';
import { Paper } from '../../../src/core/papers/types';
import {
  addHighlight,
  deleteHighlight,
  editHighlight,
  highlightSelection,
  isSelectionSource,
  SelectionSource,
} from '../../../src/features/annotations/annotations';
import { until } from './until';
import { papersApi } from './papersApi';

const api = () => papersApi();

function workspaceUri(...parts: string[]): vscode.Uri {
  const folder = vscode.workspace.workspaceFolders?.[0];
  assert.ok(folder, 'the tests run with a workspace folder open');
  return vscode.Uri.joinPath(folder.uri, ...parts);
}

const read = async (uri: vscode.Uri) => new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
const write = (uri: vscode.Uri, text: string) => vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(text));

/** Some words of the abstract, as a range of it. */
function wordsOf(paper: Paper, first: number, count: number): { start: number; end: number; quote: string } {
  const words = [...paper.abstract.matchAll(/\S+/g)];
  const start = words[first].index!;
  const last = words[first + count - 1];
  const end = last.index! + last[0].length;
  return { start, end, quote: paper.abstract.slice(start, end) };
}

interface StoredFile {
  annotations?: { id: string; note?: string; target: { selector: { type: string }[] } }[];
}

suite('Highlights and notes on abstracts', () => {
  let paper: Paper;
  let jsonFile: vscode.Uri;

  suiteSetup(async function () {
    this.timeout(90_000);
    const { services } = await api();
    const analysis = await until('the papers', () => services.model.analysis, 80_000);
    paper = analysis.papers[42];
    jsonFile = workspaceUri('.papers', 'papers', `${paper.id}.json`);
  });

  test('a highlight with a note is stored with W3C selectors and listed in the notes file', async () => {
    const { services } = await api();
    const range = wordsOf(paper, 3, 4);
    const a = await addHighlight(services, paper.id, range, 'green', 'zorblaxian insight, remember it');
    const stored = JSON.parse(await read(jsonFile)) as StoredFile;
    assert.equal(stored.annotations?.length, 1);
    assert.equal(stored.annotations[0].id, a.id);
    assert.deepEqual(
      stored.annotations[0].target.selector.map((s) => s.type),
      ['TextQuoteSelector', 'TextPositionSelector'],
    );
    assert.deepEqual(stored.annotations[0].target.selector[0], {
      type: 'TextQuoteSelector',
      exact: range.quote,
      prefix: paper.abstract.slice(Math.max(0, range.start - 32), range.start),
      suffix: paper.abstract.slice(range.end, range.end + 32),
    });

    const notesUri = services.notes.uriFor(paper)!;
    const notes = await read(notesUri);
    assert.ok(notes.startsWith('---\n'), 'created from the template');
    const section = notes.slice(notes.indexOf(ANNOTATIONS_START), notes.indexOf(ANNOTATIONS_END));
    assert.match(section, /\*\*1\.\*\* green/);
    assert.ok(section.includes(`> ${range.quote}`), section);
    assert.ok(section.includes('zorblaxian insight, remember it'));
    assert.ok(notes.indexOf(ANNOTATIONS_END) < notes.indexOf('## Notes'), "the section comes before the user's Notes");
  });

  test('the note is searchable through the notes text', async () => {
    const { services } = await api();
    const hit = await until(
      'the note in the search index',
      () => services.model.analysis!.search.search('zorblaxian')[0],
    );
    assert.equal(hit.id, paper.id);
    assert.equal(hit.snippet?.field, 'notes');
  });

  test("another window's annotation written on disk meanwhile is kept when one is added here", async () => {
    const { services } = await api();
    const onDisk = JSON.parse(await read(jsonFile)) as StoredFile & Record<string, unknown>;
    const r = wordsOf(paper, 10, 3);
    const theirs = createAnnotation(paper.abstract, r.start, r.end, 'pink', 'written by the other window');
    // The other window writes the file; this window adds its own before its watcher has even fired.
    await write(
      jsonFile,
      `${JSON.stringify({ ...onDisk, annotations: [...(onDisk.annotations ?? []), theirs] }, null, 2)}\n`,
    );
    const mine = await addHighlight(services, paper.id, wordsOf(paper, 16, 2), 'blue');
    const stored = JSON.parse(await read(jsonFile)) as StoredFile;
    const ids = stored.annotations!.map((x) => x.id);
    assert.equal(ids.length, 3);
    assert.ok(ids.includes(theirs.id) && ids.includes(mine.id));
    assert.deepEqual(ids, [...ids].sort(), 'sorted by id');
    await until(
      'both in memory',
      () => ((services.userData.data(paper.id).annotations as unknown[]) ?? []).length === 3,
    );
    const notes = await read(services.notes.uriFor(paper)!);
    assert.ok(notes.includes('written by the other window'));
    assert.match(notes, /\*\*3\.\*\* blue/);
  });

  test('an open notes document with unsaved changes gets a WorkspaceEdit: the typing is kept, unsaved', async function () {
    this.timeout(60_000);
    const { services } = await api();
    // VS Code in a browser saves after a delay by default: keep the document dirty for this test.
    const files = vscode.workspace.getConfiguration('files');
    const autoSave = files.inspect('autoSave')?.globalValue;
    await files.update('autoSave', 'off', vscode.ConfigurationTarget.Global);
    const editor = (await services.notes.open(paper))!;
    const notesUri = editor.document.uri;
    assert.equal(notesUri.toString(), services.notes.uriFor(paper)!.toString());
    const end = editor.document.lineAt(editor.document.lineCount - 1).range.end;
    await editor.edit((e) => e.insert(end, 'my unsaved thoughts\n'));
    assert.ok(editor.document.isDirty);
    const onDiskBefore = await read(notesUri);
    const a = await addHighlight(services, paper.id, wordsOf(paper, 20, 2), 'yellow', 'added while dirty');
    const text = editor.document.getText();
    assert.ok(text.includes('my unsaved thoughts'), 'the unsaved text is kept');
    assert.ok(text.includes('added while dirty'), 'the section is updated in the editor');
    assert.ok(editor.document.isDirty, 'still unsaved: the user decides');
    assert.equal(await read(notesUri), onDiskBefore, 'the file itself is not written under the editor');
    await editor.document.save();
    assert.ok((await read(notesUri)).includes('my unsaved thoughts'));
    await editHighlight(services, paper.id, a.id, { note: 'edited note', color: 'pink' });
    const after = await until('the edit in the notes', async () => {
      const t = await read(notesUri);
      return t.includes('edited note') && t;
    });
    assert.ok(after.includes('my unsaved thoughts'));
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
    await files.update('autoSave', autoSave, vscode.ConfigurationTarget.Global);
  });

  test('markers broken by hand: the notes file is left alone', async () => {
    const { services } = await api();
    const notesUri = services.notes.uriFor(paper)!;
    const text = await read(notesUri);
    const broken = text.replace(ANNOTATIONS_END, 'I deleted the end marker');
    await write(notesUri, broken);
    await addHighlight(services, paper.id, wordsOf(paper, 25, 2), 'green', 'not written to the notes');
    assert.equal(await read(notesUri), broken);
    await write(notesUri, text); // repaired
  });

  test('deleting removes the highlight from the file and from the notes section', async () => {
    const { services } = await api();
    const stored = JSON.parse(await read(jsonFile)) as StoredFile;
    const target = stored.annotations!.find((x) => x.note === 'written by the other window')!;
    const removed = await deleteHighlight(services, paper.id, target.id);
    assert.equal(removed?.id, target.id);
    const after = JSON.parse(await read(jsonFile)) as StoredFile;
    assert.ok(!after.annotations!.some((x) => x.id === target.id));
    assert.ok(!(await read(services.notes.uriFor(paper)!)).includes('written by the other window'));
  });

  test('Highlight Selection highlights what the view reports, in its color, with the id it picked', async () => {
    const { services } = await api();
    const range = wordsOf(paper, 30, 3);
    const view: SelectionSource = {
      current: paper,
      requestSelection: async () => ({
        type: 'webviewDidReportSelection',
        requestId: 1,
        paperId: paper.id,
        annotationId: 'zz-from-the-page',
        color: 'blue',
        range,
      }),
    };
    const a = await highlightSelection({
      ...services,
      panel: Object.assign(view, {
        show: services.panel.show,
        restore: services.panel.restore,
        readingPlace: undefined,
        reachedEdge: () => undefined,
      }),
    });
    assert.equal(a?.id, 'zz-from-the-page');
    assert.equal(a?.color, 'blue');
    const stored = JSON.parse(await read(jsonFile)) as StoredFile;
    assert.ok(stored.annotations!.some((x) => x.id === 'zz-from-the-page'));
    const nothing: SelectionSource = {
      current: paper,
      requestSelection: async () => ({
        type: 'webviewDidReportSelection',
        requestId: 2,
        paperId: paper.id,
        annotationId: 'zz-none',
        color: 'blue',
      }),
    };
    assert.equal(
      await highlightSelection({
        ...services,
        panel: Object.assign(nothing, {
          show: services.panel.show,
          restore: services.panel.restore,
          readingPlace: undefined,
          reachedEdge: () => undefined,
        }),
      }),
      undefined,
    );
  });

  test('the paper view answers a selection request (nothing selected: no range)', async () => {
    const { services } = await api();
    await vscode.commands.executeCommand('papers.openPaper', paper.id);
    await until('the paper in the view', () => services.panel.current?.id === paper.id);
    const panel = services.panel;
    assert.ok(isSelectionSource(panel), 'the paper panel can be asked for its selection');
    const reply = await until('the page to answer', () => panel.requestSelection(), 15_000);
    assert.equal(reply.paperId, paper.id);
    assert.equal(reply.range, undefined);
  });
});
