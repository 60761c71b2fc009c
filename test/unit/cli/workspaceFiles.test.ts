import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Dirent, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { workspaceFiles } from '../../../src/cli/workspaceFiles';
import { scratchDir } from '../../helpers/scratchDir';

describe('workspaceFiles', () => {
  test('a folder that cannot be listed is reported and skipped; the other files are found', () => {
    const root = scratchDir('papers-workspace-files');
    mkdirSync(join(root, 'papers', 'private'), { recursive: true });
    writeFileSync(join(root, 'papers', 'a.bib'), '');
    writeFileSync(join(root, 'papers', 'private', 'b.bib'), '');
    writeFileSync(join(root, 'c.txt'), '');
    // root can read any folder, so the refusal a user would meet comes from a stub
    const list = (dir: string): Dirent[] => {
      if (dir.endsWith('private'))
        throw Object.assign(new Error(`EACCES: permission denied, scandir '${dir}'`), { code: 'EACCES' });
      return readdirSync(dir, { withFileTypes: true });
    };
    const errors: string[] = [];
    const files = workspaceFiles(
      root,
      (folder, err) => errors.push(`${folder}: ${(err as { code: string }).code}`),
      list,
    );
    assert.deepEqual(files, ['c.txt', 'papers/a.bib']);
    assert.deepEqual(errors, ['papers/private: EACCES']);
  });
});
