import { analyzeCommand } from './analyzeCommand';
import { CliCommand } from './common';
import { searchCommand } from './searchCommand';

/** Every `papers` command; a new command is one file in src/cli/ and one line here. */
export const COMMANDS: CliCommand[] = [analyzeCommand, searchCommand];
