// `npm run fields:build`: builds the field model with scripts/fields/buildFieldModel.ts (see that file for options).
import { bundleAndRun } from '../bundleAndRun.mjs';

process.exitCode = await bundleAndRun(
  'scripts/fields/buildFieldModel.ts',
  'fields',
  ['--max-old-space-size=8192'],
  process.argv.slice(2),
);
