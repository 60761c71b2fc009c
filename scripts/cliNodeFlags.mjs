// Node flags of the `papers` CLI, written into the shebang of dist/cli.js (`#!/usr/bin/env -S node …`) by
// scripts/build.mjs, and used by scripts/bench/activation/analyzeSeeds.mjs to time the analysis as the CLI runs it.
//
// --v8-pool-size=1: V8's background threads (optimizing compiler, GC helpers) are node's pool of 4 by default.
// On a 2-core machine they take the main thread's core from it during the ~1 s of a cold analysis.
// Paired runs (analyzeSeeds.mjs --node-flags=--v8-pool-size=1 --against-flags=''): the seeds -106 ms (11
// pairs), 1k abstracts on two threads -495 ms, 10k on two threads -24 ms of 6.5 s. A pool of 2: the seeds -51 ms.
// The pool is sized at start-up only, so it is a flag of the command line; `node dist/cli.js` runs without it.
// The extension's analysis process sizes it from the machine's cores instead (src/node/analysis/compileFlags.ts).
export const CLI_NODE_FLAGS = ['--v8-pool-size=1'];
