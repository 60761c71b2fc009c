// `npm run fields:build`: bundles scripts/fields/buildFieldModel.ts and runs it with the given options (see that file).
import { runBundled } from '../runBundled.mjs';

process.exitCode = await runBundled(
  'scripts/fields/buildFieldModel.ts',
  'fields',
  ['--max-old-space-size=8192'],
  process.argv.slice(2),
);
