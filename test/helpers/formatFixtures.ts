// The collection fixtures in every format (test/fixtures/formats): small files, read only when a test asks.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './repoRoot';

export const FORMAT_FIXTURES = join(repoRoot(), 'test', 'fixtures', 'formats');

/** One fixture file's text. */
export const fixture = (name: string) => readFileSync(join(FORMAT_FIXTURES, name), 'utf8');

/** The QuasarNet abstract, which every fixture file holds (a paper found in several collections). */
export const QUASARNET =
  'We propose QuasarNet, a convolutional network that classifies quasar spectra and estimates their redshifts; it is 50% faster than template fitting.';
