import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cli } from '../../helpers/cli';

describe('papers search', () => {
  test('papers search ranks and filters; usage errors exit 2 with one line', () => {
    const run = spawnSync(
      process.execPath,
      [cli, 'search', '--query', 'offline reinforcement', '--limit', '3', '--json'],
      { encoding: 'utf8' },
    );
    assert.equal(run.status, 0, run.stderr);
    const hits = JSON.parse(run.stdout);
    assert.equal(hits.length, 3);
    assert.ok(hits[0].score >= hits[1].score && hits[1].score >= hits[2].score);
    assert.ok(hits.every((h: { snippet: string }) => /offline|reinforcement/i.test(h.snippet)));
    const bad = spawnSync(process.execPath, [cli, 'search', '--limit', 'x', '--query', 'a'], { encoding: 'utf8' });
    assert.equal(bad.status, 2);
    assert.equal(bad.stderr.trim().split('\n').length, 1);
    const unknown = spawnSync(process.execPath, [cli, 'frobnicate'], { encoding: 'utf8' });
    assert.equal(unknown.status, 2);
    assert.match(unknown.stderr, /unknown command "frobnicate"/);
  });
});
