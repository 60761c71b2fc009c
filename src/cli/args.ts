/**
 * The command line as node's parseArgs should see it. parseArgs refuses a string option's value that starts with
 * a dash (`--query -is:read`: "argument is ambiguous"), yet a search for papers not read is exactly that; so such
 * a value is joined to its option first (`--query=-is:read`), which parseArgs takes as it is. A value that is
 * itself one of the command's options (`--query --json`) is left alone, so forgetting a value still fails.
 */
import type { CliCommand } from './common';

type Options = CliCommand['options'];

/** The option a command-line word names (`--query`, `-q`), or undefined. */
function optionNamed(word: string, options: Options): string | undefined {
  if (word.startsWith('--')) {
    const name = word.slice(2).split('=')[0];
    return name in options ? name : undefined;
  }
  if (/^-[^-]$/.test(word)) return Object.keys(options).find((n) => options[n].short === word[1]);
  return undefined;
}

/** `args` with each string option's dash-led value joined to it as `--name=value`; nothing after `--` is touched. */
export function joinDashValues(args: readonly string[], options: Options): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const word = args[i];
    if (word === '--') return out.concat(args.slice(i));
    const name = word.includes('=') ? undefined : optionNamed(word, options);
    const value = args[i + 1];
    if (
      name !== undefined &&
      options[name].type === 'string' &&
      value !== undefined &&
      value.startsWith('-') &&
      value !== '--' &&
      optionNamed(value, options) === undefined
    ) {
      out.push(`--${name}=${value}`);
      i++;
    } else out.push(word);
  }
  return out;
}
