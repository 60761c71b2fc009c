import { analyzeCommand } from './analyzeCommand';
import { benchCommand } from './benchCommand';
import { CliCommand } from './common';
import { exportCommand } from './exportCommand';
import { forYouCommand } from './forYouCommand';
import { linkCommand } from './linkCommand';
import { linksCommand } from './linksCommand';
import { searchCommand } from './searchCommand';

/** Every `papers` command; a new command is one file in src/cli/ and one line here. */
export const COMMANDS: CliCommand[] = [
  analyzeCommand,
  searchCommand,
  exportCommand,
  linkCommand,
  linksCommand,
  forYouCommand,
  benchCommand,
];
