import { readFile } from 'node:fs/promises';
import { FileSource } from '../../core/common';

/** The core's FileSource over the local file system, for the CLI and tests. */
export const nodeFileSource: FileSource = {
  readFile: async (path) => new Uint8Array(await readFile(path)),
};
