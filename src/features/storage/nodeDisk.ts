import { writeFileAtomic } from '../../node/files/atomicWrite';
import { outsideRoot } from '../../node/files/insideRoot';
import { readRegularFile } from '../../node/files/regularFile';
import type { LocalDisk } from './localDisk';

/** The local disk through node, for the desktop entry only (see localDisk.ts): the web bundle never imports it. */
export const nodeLocalDisk: LocalDisk = {
  writeFileAtomic,
  outsideRoot,
  readRegularFile: (path) => readRegularFile(path),
};
