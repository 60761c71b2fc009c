// `npm run titles:build`: bundles scripts/titles/buildTitleRanker.ts and runs it with the given options (see that file).
import { runBundled } from '../runBundled.mjs';

process.exitCode = await runBundled(
  'scripts/titles/buildTitleRanker.ts',
  'titles',
  ['--max-old-space-size=4096'],
  process.argv.slice(2),
);
