// workspaceFiles on a tree too deep for the unit suite's milliseconds.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Dirent } from 'node:fs';
import { workspaceFiles } from '../../../src/cli/workspaceFiles';
import { scratchDir } from '../../helpers/scratchDir';

describe('workspaceFiles at depth', () => {
  test('a tree 5,000 folders deep is walked without recursion', () => {
    const root = scratchDir('papers-workspace-deep');
    const depth = 5_000;
    // a made-up tree: each folder holds the next one and a file
    const list = (dir: string): Dirent[] => {
      const level = dir === root ? 0 : dir.slice(root.length).split('/').length - 1;
      const entry = (name: string, folder: boolean) =>
        ({ name, isDirectory: () => folder, isFile: () => !folder }) as unknown as Dirent;
      return level < depth ? [entry('d', true), entry('f.txt', false)] : [];
    };
    const files = workspaceFiles(root, () => assert.fail('no error expected'), list);
    assert.equal(files.length, depth);
  });
});
