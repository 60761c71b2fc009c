import { parseArgs } from 'node:util';
import { joinDashValues } from './cli/args';
import { COMMANDS } from './cli/commands';
import { CliError, CliIo } from './cli/common';
import { useColdRunCompileFlags } from './node/analysis/compileFlags';

const HELP_FLAGS = ['--help', '-h'];

const usage = () =>
  `usage: papers <command> [options]\n       papers <command> --help\n\ncommands:\n${COMMANDS.map((c) => `  ${c.usage}`).join('\n')}\n  help [command]                                this text, or the usage of one command\n\nFiles are Daily Papers dumps, BibTeX, CSL-JSON, JSON Lines or arXiv Atom feeds (told by content, else by extension).\n`;

const commandUsage = (name: string) => `usage: papers ${COMMANDS.find((c) => c.name === name)!.usage}\n`;

async function main(argv: string[], io: CliIo): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === 'help' || HELP_FLAGS.includes(name)) {
    // `papers help analyze` is the same as `papers analyze --help`
    const about = name === 'help' ? rest[0] : undefined;
    if (about !== undefined && !COMMANDS.some((c) => c.name === about))
      throw new CliError(`papers: unknown command "${about}"; run "papers help"`);
    io.out(about !== undefined ? commandUsage(about) : usage());
    return name ? 0 : 2;
  }
  const command = COMMANDS.find((c) => c.name === name);
  if (!command) throw new CliError(`papers: unknown command "${name}"; run "papers help"`);
  // Asked for help, the command prints its usage whatever else is on the line (before parseArgs rejects the flag).
  if (rest.some((a) => HELP_FLAGS.includes(a))) {
    io.out(commandUsage(name));
    return 0;
  }
  let parsed;
  try {
    parsed = parseArgs({
      args: joinDashValues(rest, command.options),
      allowPositionals: true,
      options: command.options,
    });
  } catch (err) {
    throw new CliError(`papers ${name}: ${(err as Error).message.replace(/\s*\n\s*/g, ' ')}`);
  }
  return command.run(
    { values: parsed.values as Record<string, string | boolean | undefined>, positionals: parsed.positionals },
    io,
  );
}

const io: CliIo = { out: (t) => process.stdout.write(t), err: (t) => process.stderr.write(t), cwd: process.cwd() };

useColdRunCompileFlags();
main(process.argv.slice(2), io).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    if (err instanceof CliError) {
      io.err(`${err.message}\n`);
      process.exitCode = err.code;
    } else {
      io.err(`papers: internal error: ${(err as Error)?.stack ?? String(err)}\n`);
      process.exitCode = 70;
    }
  },
);
