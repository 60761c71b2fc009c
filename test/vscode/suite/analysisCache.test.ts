import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { decodeSnapshot, encodeSnapshot } from '../../../src/core/snapshot/snapshot';
import type { PapersApi } from '../../../src/extension';
import { until } from './until';
import { papersApi, restoreSeeds } from './papersApi';

const api = () => papersApi();

// Made-up abstracts (non-ASCII included); a run token makes the file's bytes, hence the cache key, new each run.
const run = Date.now().toString(36);
const ABSTRACTS = [
  `Wir messen Wärmeströme in zwölf Öfen mit λ-Sonden und zeigen, dass Glühbirnen ${run} schneller altern als Kerzen.`,
  'KelpNet maps kelp forests from drone photos and counts sea urchins per square metre along three coasts.',
  'We teach a small robot to fold paper cranes from forty human demonstrations and measure crease accuracy.',
  'Urban lichens grow faster on north-facing gravestones; we date twelve cemeteries by lichen diameter.',
  'A survey of tide pool snails shows shell thickness rising with crab density over ten summers.',
  'BeeLine counts pollinator visits from phone video and matches expert counts within five percent.',
];
const FILE = 'refs/cache-made-up.txt';

const cacheDir = (api: PapersApi) => vscode.Uri.joinPath(api.services.context.globalStorageUri, 'analysis-cache');
async function entries(api: PapersApi): Promise<string[]> {
  return (await Promise.resolve(vscode.workspace.fs.readDirectory(cacheDir(api))).then(undefined, () => []))
    .map(([name]) => name)
    .sort();
}

suite('Analysis cache: a second load of unchanged collections restores the analysis', () => {
  suiteTeardown(restoreSeeds);

  test('the first load caches the analysis (and drops an old-format entry); a reload restores what the entry holds', async () => {
    const a = await api();
    const { services } = a;
    // an entry of the old format (a .json and a .bin): stale, deleted when the next analysis is cached
    await vscode.workspace.fs.createDirectory(cacheDir(a));
    for (const name of ['0ld-format.json', '0ld-format.bin'])
      await vscode.workspace.fs.writeFile(
        vscode.Uri.joinPath(cacheDir(a), name),
        new TextEncoder().encode('{"papers":[]}'),
      );
    const before = await entries(a);
    const folder = vscode.workspace.workspaceFolders![0].uri;
    await vscode.workspace.fs.writeFile(
      vscode.Uri.joinPath(folder, FILE),
      new TextEncoder().encode(`Daily Papers\n\n${ABSTRACTS.join('\n\n')}\n`),
    );
    // the setting's change loads (one load, so one analysis and one cache write to wait for)
    await vscode.workspace
      .getConfiguration('papers')
      .update('collections', [FILE], vscode.ConfigurationTarget.Workspace);
    await until('the made-up papers', () => services.model.analysis?.papers.length === ABSTRACTS.length);
    const analyzed = services.model.analysis!;
    let entry = '';
    await until('a new cache entry', async () => {
      entry = (await entries(a)).find((n) => n.endsWith('.snapshot') && !before.includes(n)) ?? '';
      return entry !== '' && !(await entries(a)).some((n) => n.startsWith('0ld-format'));
    });

    // the entry is what a reload restores: a title changed in it shows after the reload
    const uri = vscode.Uri.joinPath(cacheDir(a), entry);
    const snapshot = decodeSnapshot(await vscode.workspace.fs.readFile(uri));
    assert.deepEqual(
      snapshot.papers.map((p) => p.abstract),
      analyzed.papers.map((p) => p.abstract),
    );
    const marked = snapshot.papers.findIndex((p) => p.abstract.includes('Wärmeströme'));
    snapshot.papers[marked] = { ...snapshot.papers[marked], title: 'Glühbirnen (restored from the cache)' };
    await vscode.workspace.fs.writeFile(uri, encodeSnapshot(snapshot));
    await services.model.reload();
    const restored = services.model.analysis!;
    assert.notEqual(restored, analyzed);
    assert.equal(restored.papers[marked].title, 'Glühbirnen (restored from the cache)');
    assert.deepEqual(
      restored.papers.map((p) => [p.id, p.abstract, p.keywords, p.collections]),
      analyzed.papers.map((p) => [p.id, p.abstract, p.keywords, p.collections]),
    );
    assert.deepEqual(
      restored.themes.map((t) => t.paperIds),
      analyzed.themes.map((t) => t.paperIds),
    );
    assert.deepEqual(
      restored.search.search('kelp').map((h) => h.id),
      analyzed.search.search('kelp').map((h) => h.id),
    );
    assert.ok(restored.search.search('wärmeströme').length === 1, 'non-ASCII words are found in the restored index');
  });

  test('a damaged or truncated entry is ignored: the collections are analyzed again and the entry rewritten', async () => {
    const a = await api();
    const { services } = a;
    const entry = (await entries(a)).find((n) => n.endsWith('.snapshot'))!;
    const uri = vscode.Uri.joinPath(cacheDir(a), entry);
    const good = await vscode.workspace.fs.readFile(uri);
    for (const damaged of [
      good.subarray(0, Math.floor(good.length / 2)),
      new TextEncoder().encode('PAPERS-SNAPSHOT\n garbage'),
    ]) {
      // put in place as the cache writes its entries (a new file renamed over the old one): the analysis shown now
      // still reads its deferred parts from the file it opened, which a write in place would truncate under it
      const aside = uri.with({ path: `${uri.path}.damaged` });
      await vscode.workspace.fs.writeFile(aside, damaged);
      await vscode.workspace.fs.rename(aside, uri, { overwrite: true });
      await services.model.reload();
      const analysis = services.model.analysis!;
      assert.equal(analysis.papers.length, ABSTRACTS.length);
      assert.ok(
        !analysis.papers.some((p) => p.title.includes('restored from the cache')),
        'analyzed again, not restored',
      );
      await until('the entry written again', async () => {
        const bytes = await Promise.resolve(vscode.workspace.fs.readFile(uri)).then(undefined, () => new Uint8Array());
        try {
          return decodeSnapshot(bytes).papers.length === ABSTRACTS.length;
        } catch {
          return false; // not written yet
        }
      });
    }
  });
});
