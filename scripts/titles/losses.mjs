// `node scripts/titles/losses.mjs`: bundles scripts/titles/nameLosses.ts and runs it with the given options (see that file).
import { runBundled } from '../runBundled.mjs';

process.exitCode = await runBundled(
  'scripts/titles/nameLosses.ts',
  'titleLosses',
  ['--max-old-space-size=4096'],
  process.argv.slice(2),
);
