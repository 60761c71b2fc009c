// Loaded by every Node process of the UI tests' code-server (runUi.mjs puts `--require <this file>` in its
// NODE_OPTIONS, which the extension host and the analysis process inherit). While the file named by
// PAPERS_TEST_HOLD_ANALYSIS exists it holds back, so that a scenario can look at the state in between however
// fast the machine is:
//  - in the analysis process (dist/analysisWorker.js): the answer of a finished analysis ('done' or 'saved'),
//    so the extension keeps showing the partial search, or can be cancelled while it still analyzes;
//  - in the extension host: the decode of a restored analysis, after the tree shows its cached themes (the loader's
//    restoring step, wrapped once the extension's activate() returned its API).
// Elsewhere, or without the variable, it does nothing. Production code knows nothing of it.
'use strict';
const { existsSync } = require('node:fs');
const Module = require('node:module');
const { isMainThread } = require('node:worker_threads');

const holdFile = process.env.PAPERS_TEST_HOLD_ANALYSIS;
const held = () => holdFile !== undefined && existsSync(holdFile);
const whileHeld = async () => {
  while (held()) await new Promise((resolve) => setTimeout(resolve, 100));
};

if (holdFile && isMainThread) {
  if (/analysisWorker\.js$/.test(process.argv[1] ?? '') && typeof process.send === 'function') holdAnalysisAnswers();
  else holdRestoresInTheExtension();
}

function holdAnalysisAnswers() {
  const send = process.send.bind(process);
  process.send = (message, ...rest) => {
    if (message?.type !== 'done' && message?.type !== 'saved') return send(message, ...rest);
    void whileHeld().then(() => send(message, ...rest));
    return true;
  };
}

function holdRestoresInTheExtension() {
  const load = Module._load;
  Module._load = function (request, ...rest) {
    const exports = load.call(this, request, ...rest);
    if (!/[\\/]dist[\\/]extension(\.js)?$/.test(request) || typeof exports?.activate !== 'function') return exports;
    // the bundle's exports are getters: the extension host gets a copy with activate wrapped
    return {
      ...exports,
      async activate(...args) {
        const api = await exports.activate(...args);
        holdAfterOutline(api?.services?.model);
        return api;
      },
    };
  };
}

/**
 * The loader's class (features/analysis/loading.ts, the model's `loader`): its step that reports a restored
 * analysis's themes (the model shows them) waits while held, before the papers are decoded.
 */
function holdAfterOutline(model) {
  const proto = model?.loader && Object.getPrototypeOf(model.loader);
  const restoring = proto?.restoring;
  if (typeof restoring !== 'function' || restoring.papersHeld) return;
  const wrapped = async function (...args) {
    await restoring.apply(this, args);
    await whileHeld();
  };
  wrapped.papersHeld = true;
  proto.restoring = wrapped;
}
