// Entry point VS Code loads in its extension host (`--extensionTestsPath`): runs every compiled
// `*.test.js` next to this file with mocha. A rejected promise makes VS Code exit with code 1.
import * as path from 'node:path';
import * as fs from 'node:fs';
import Mocha from 'mocha';
import { useLocalDisk } from '../../../src/features/storage/localDisk';
import { nodeLocalDisk } from '../../../src/features/storage/nodeDisk';

export function run(): Promise<void> {
  // the suites import src/ from out/, apart from the extension's bundle: they get the local disk as extension.ts gives it
  useLocalDisk(nodeLocalDisk);
  const mocha = new Mocha({ ui: 'tdd', color: false, timeout: 20_000, slow: 2_000 });
  const grep = process.env.PAPERS_TEST_GREP;
  if (grep) mocha.grep(grep);
  const files = fs
    .readdirSync(__dirname)
    .filter((f) => f.endsWith('.test.js'))
    .sort();
  for (const f of files) mocha.addFile(path.join(__dirname, f));

  return new Promise((resolve, reject) => {
    try {
      const runner = mocha.run((failures) => {
        const { passes = 0, pending = 0 } = runner.stats ?? {};
        console.log(
          `papers vscode suite: ${passes} passed, ${failures} failed, ${pending} pending (${files.length} files)`,
        );
        if (failures > 0) reject(new Error(`${failures} test${failures === 1 ? '' : 's'} failed`));
        else resolve();
      });
    } catch (err) {
      reject(err instanceof Error ? err : new Error(String(err)));
    }
  });
}
