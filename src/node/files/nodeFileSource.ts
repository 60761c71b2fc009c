import { FileSource } from '../../core/common';
import { readFailure, readRegularFile } from './regularFile';

/**
 * The core's FileSource over the local file system, for the CLI and tests: regular files only, up to the size
 * cap (regularFile.ts); a refusal or a file system error is thrown as one line of words.
 */
export const nodeFileSource: FileSource = {
  readFile: async (path) => {
    try {
      return await readRegularFile(path);
    } catch (err) {
      throw new Error(readFailure(err));
    }
  },
};
