import { existsSync } from 'node:fs';

/**
 * For the UI tests only: while the file named by PAPERS_TEST_HOLD_ANALYSIS exists, a finished analysis waits
 * before it is answered (analysisWorker.ts), and a restore waits after showing the cached themes (model.ts), so a
 * scenario can look at the state in between however fast the machine is. The variable is set by
 * test/vscode/ui/runUi.mjs on the code-server it starts; without it (or without the file) nothing waits.
 */
export async function holdForTests(): Promise<void> {
  const file = process.env.PAPERS_TEST_HOLD_ANALYSIS;
  while (file && existsSync(file)) await new Promise((resolve) => setTimeout(resolve, 100));
}
