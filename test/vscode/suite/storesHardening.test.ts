import * as assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import { dirname, join } from 'node:path';
import * as vscode from 'vscode';
import { PageMessages } from '../../../src/features/paperPanel/pageMessages';
import {
  api,
  inWorkspace,
  link,
  outside,
  read,
  recordMessages,
  run,
  sleep,
  untouchedPapers,
  write,
  CODE,
} from './storesHelpers';
import { until } from './until';

// What Papers writes and where, against hostile or damaged files: ids from files never become paths outside
// .papers/, linked files outside the workspace are never read, symlinks leading out are refused, and a file that
// cannot be read is left alone.

suite('Stores hardening: what Papers writes, and where', () => {
  test('a hostile links file: a paper id that is a path and a file outside the workspace are refused, the rest works', async function () {
    this.timeout(60_000);
    const { services } = await api();
    const [paper] = untouchedPapers(await api());
    const victimDir = outside(`victim-${run}`);
    const secretDir = outside(`secret-${run}`);
    await fs.mkdir(victimDir, { recursive: true });
    await fs.mkdir(secretDir, { recursive: true });
    await fs.writeFile(join(victimDir, 'settings.json'), '{"keep": true}\n');
    await fs.writeFile(join(secretDir, 'id_rsa'), 'PRIVATE-BEFORE\ndef second():\n    return 2\nPRIVATE-AFTER\n');
    await write(inWorkspace('src', `hostile-${run}.py`), CODE);
    const recorded = recordMessages();
    try {
      const links = [
        link(paper.id, `good${run}`, `src/hostile-${run}.py`),
        link(`../../../victim-${run}/settings`, `evil${run}`, `src/hostile-${run}.py`),
        link(paper.id, `secret${run}`, `../secret-${run}/id_rsa`),
      ];
      const file = inWorkspace('.papers', 'links', `${paper.id}.json`);
      await write(file, `${JSON.stringify(links, null, 2)}\n`);
      // the good link is loaded, re-anchored and written back where its text is now
      await until('the good link re-anchored and stored', async () => {
        const stored = JSON.parse(await read(file).catch(() => '[]')) as { id: string; range: { startLine: number } }[];
        return stored.find((l) => l.id === `good${run}`)?.range.startLine === 4;
      });
      assert.deepEqual(
        services.links.linksOf(paper.id).map((l) => l.id),
        [`good${run}`],
        'only the good link is used',
      );
      await sleep(1000); // the re-anchoring's writes are done
      assert.equal(await fs.readFile(join(victimDir, 'settings.json'), 'utf8'), '{"keep": true}\n');
      assert.deepEqual(await fs.readdir(victimDir), ['settings.json'], 'nothing renamed or written beside it');
      for (const name of await fs.readdir(dirname(file.fsPath))) {
        const text = await fs.readFile(join(dirname(file.fsPath), name), 'utf8');
        assert.ok(!text.includes('PRIVATE'), `${name}: no line of the file outside the workspace is copied`);
      }
      const backups = (await fs.readdir(dirname(file.fsPath))).filter((n) => n.startsWith(`${paper.id}.json.corrupt-`));
      assert.equal(backups.length, 1, 'the write that left the refused links out kept a copy of the file first');
      assert.ok((await fs.readFile(join(dirname(file.fsPath), backups[0]), 'utf8')).includes(`victim-${run}`));
      const problems = recorded.messages.join(' | ');
      assert.match(problems, new RegExp(`links/${paper.id}\\.json:\\d+: link 2: "paper" .* is not a paper id`));
      assert.match(problems, /and 1 more, see the Papers log/, 'the link to id_rsa is the other');
    } finally {
      recorded.stop();
      await vscode.workspace.fs
        .delete(inWorkspace('.papers', 'links', `${paper.id}.json`))
        .then(undefined, () => undefined);
      await fs.rm(victimDir, { recursive: true, force: true });
      await fs.rm(secretDir, { recursive: true, force: true });
    }
  });

  test('a linked file that is a symlink leading out of the workspace is never read', async function () {
    this.timeout(30_000);
    const { services } = await api();
    const [paper] = untouchedPapers(await api());
    const secretDir = outside(`linked-secret-${run}`);
    await fs.mkdir(secretDir, { recursive: true });
    await fs.writeFile(join(secretDir, 'key.py'), `# PRIVATE-LINE\n${CODE}`);
    await fs.symlink(join(secretDir, 'key.py'), inWorkspace(`sneaky-${run}.py`).fsPath);
    const recorded = recordMessages();
    try {
      const file = inWorkspace('.papers', 'links', `${paper.id}.json`);
      await write(file, `${JSON.stringify([link(paper.id, `sym${run}`, `sneaky-${run}.py`)], null, 2)}\n`);
      await until('the link loaded', () => services.links.linksOf(paper.id).length === 1);
      await until('the refusal reported', () => recorded.messages.some((m) => m.includes(`sneaky-${run}.py`)));
      await sleep(1000);
      assert.ok(!(await read(file)).includes('PRIVATE'), 'nothing of the file outside is copied');
      assert.equal(services.links.linksOf(paper.id)[0].status, 'stale');
      assert.match(recorded.messages.join(' | '), /outside the workspace/);
    } finally {
      recorded.stop();
      await vscode.workspace.fs
        .delete(inWorkspace('.papers', 'links', `${paper.id}.json`))
        .then(undefined, () => undefined);
      await fs.rm(secretDir, { recursive: true, force: true });
    }
  });

  test("the paper view's tag-removal message with a paper id that is a path touches no file", async function () {
    this.timeout(30_000);
    const { services } = await api();
    const victim = outside(`victim-${run}.json`);
    await fs.writeFile(victim, '{"tags": ["theirs"]}\n');
    const warnings: string[] = [];
    const messages = new PageMessages(
      { ...services, log: Object.assign(Object.create(services.log), { warn: (m: string) => warnings.push(m) }) },
      {
        shown: () => undefined,
        pageDidLoad: () => undefined,
        openPaper: async () => undefined,
        besideView: () => vscode.ViewColumn.Beside,
        post: () => undefined,
      },
    );
    try {
      // `.papers/papers/` + `../../../victim-<run>` + `.json` is the file beside the workspace folder
      messages.onMessage({ type: 'webviewDidRemoveTag', id: `../../../victim-${run}`, tag: 'theirs' });
      await sleep(1000);
      assert.equal(await fs.readFile(victim, 'utf8').catch(() => 'deleted'), '{"tags": ["theirs"]}\n');
      assert.ok(
        warnings.some((w) => /ignored a message naming no paper id/.test(w)),
        warnings.join(' | '),
      );
      await assert.rejects(
        services.userData.update(`../../../victim-${run}`, (d) => d),
        /not a valid name/,
      );
    } finally {
      messages.dispose();
      await fs.rm(victim, { force: true });
    }
  });

  test('a .papers file that exists but cannot be read is reported and left alone, never replaced', async function () {
    this.timeout(30_000);
    const { services } = await api();
    const [a, b] = untouchedPapers(await api());
    const fileA = inWorkspace('.papers', 'papers', `${a.id}.json`);
    // written through the store, so the test does not wait on the file watcher for it
    await services.userData.update(a.id, (d) => ({ ...d, starred: true, tags: ['keep-me'] }));
    const before = await read(fileA);
    assert.match(before, /keep-me/);
    // the disk refuses to read it (as a file of another user, or an I/O error, would)
    const store = services.userData as unknown as { read: (uri: vscode.Uri) => Thenable<Uint8Array> };
    const original = store.read;
    store.read = (uri) =>
      uri.path.endsWith(`${a.id}.json`)
        ? Promise.reject(Object.assign(new Error('EACCES: permission denied'), { code: 'NoPermissions' }))
        : original(uri);
    const recorded = recordMessages();
    try {
      await assert.rejects(
        services.userData.setRead(a.id, true),
        new RegExp(`cannot read \\.papers/papers/${a.id}\\.json`),
      );
      assert.equal(await read(fileA), before, 'the file is left as it was');
      assert.deepEqual(services.userData.data(a.id).tags, ['keep-me'], 'and its data is still shown');
      assert.ok(
        recorded.messages.some((m) => m.includes(`${a.id}.json`)),
        'the user is told which file',
      );
      // a folder where the file belongs is not a missing file either
      const dirB = inWorkspace('.papers', 'papers', `${b.id}.json`);
      await vscode.workspace.fs.createDirectory(dirB);
      await write(vscode.Uri.joinPath(dirB, 'inside.txt'), 'mine');
      await assert.rejects(services.userData.setStarred(b.id, true), /cannot read/);
      assert.equal(await read(vscode.Uri.joinPath(dirB, 'inside.txt')), 'mine');
    } finally {
      store.read = original;
      recorded.stop();
      await vscode.workspace.fs.delete(inWorkspace('.papers', 'papers', `${b.id}.json`), { recursive: true });
      // through the store again: the next suites find the paper as it was
      await services.userData.update(a.id, () => ({}));
    }
    assert.equal(services.userData.data(a.id).tags, undefined);
  });

  test('a .papers folder that is a symlink leading out of the workspace: Papers refuses to write there', async function () {
    this.timeout(30_000);
    const { services } = await api();
    const [paper] = untouchedPapers(await api());
    const elsewhere = outside(`elsewhere-${run}`);
    await fs.mkdir(elsewhere, { recursive: true });
    const links = inWorkspace('.papers', 'links').fsPath;
    const aside = `${links}.aside-${run}`;
    await fs.mkdir(links, { recursive: true });
    await fs.rename(links, aside);
    await fs.symlink(elsewhere, links);
    const recorded = recordMessages();
    try {
      await write(inWorkspace('src', `target-${run}.py`), CODE);
      await assert.rejects(
        services.links.store.update(paper.id, () => [link(paper.id, `new${run}`, `src/target-${run}.py`)]),
        /refused to write \.papers\/links\/.*outside the workspace/,
      );
      assert.deepEqual(await fs.readdir(elsewhere), [], 'nothing written outside');
      assert.ok(
        recorded.messages.some((m) => /outside the workspace/.test(m)),
        'the user is told',
      );
    } finally {
      recorded.stop();
      await fs.unlink(links);
      await fs.rename(aside, links);
      await fs.rm(elsewhere, { recursive: true, force: true });
    }
  });

  test('a notes folder that is a symlink leading out of the workspace: no notes are created there', async function () {
    this.timeout(30_000);
    const { services } = await api();
    const [paper] = untouchedPapers(await api());
    const elsewhere = outside(`notes-elsewhere-${run}`);
    await fs.mkdir(elsewhere, { recursive: true });
    const notes = dirname(services.notes.uriFor(paper)!.fsPath);
    const aside = `${notes}.aside-${run}`;
    await fs.mkdir(notes, { recursive: true });
    await fs.rename(notes, aside);
    await fs.symlink(elsewhere, notes);
    const recorded = recordMessages();
    try {
      assert.equal(await vscode.commands.executeCommand('papers.openNotes', paper.id), undefined);
      assert.deepEqual(await fs.readdir(elsewhere), [], 'no notes written outside');
      assert.ok(
        recorded.messages.some((m) => /could not create the notes file .*outside the workspace/.test(m)),
        recorded.messages.join(' | '),
      );
    } finally {
      recorded.stop();
      await fs.unlink(notes);
      await fs.rename(aside, notes);
      await fs.rm(elsewhere, { recursive: true, force: true });
    }
  });
});
