import { parseArgs } from 'node:util';
import { COMMANDS } from './cli/commands';
import { CliError, CliIo } from './cli/common';

const usage = () =>
  `usage: papers <command> [options]\n\ncommands:\n${COMMANDS.map((c) => `  ${c.usage}`).join('\n')}\n  help                                          this text\n\nFiles are Daily Papers dumps (a "Daily Papers" line, then one abstract per line).\n`;

async function main(argv: string[], io: CliIo): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === 'help' || name === '--help' || name === '-h') {
    io.out(usage());
    return name ? 0 : 2;
  }
  const command = COMMANDS.find((c) => c.name === name);
  if (!command) throw new CliError(`papers: unknown command "${name}"; run "papers help"`);
  let parsed;
  try {
    parsed = parseArgs({ args: rest, allowPositionals: true, options: command.options });
  } catch (err) {
    throw new CliError(`papers ${name}: ${(err as Error).message}`);
  }
  return command.run({ values: parsed.values as Record<string, string | boolean | undefined>, positionals: parsed.positionals }, io);
}

const io: CliIo = { out: (t) => process.stdout.write(t), err: (t) => process.stderr.write(t), cwd: process.cwd() };

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
