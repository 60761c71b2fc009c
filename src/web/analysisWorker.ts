/**
 * The analysis in a Web Worker of the web extension host (features/analysis/web/webPlatform.ts starts it from a
 * `blob:` URL of this bundle, dist/web/analysisWorker.js): parse, titles, keywords, themes and index on a thread of
 * their own, so that the extension host answers the views meanwhile. One thread here: a browser gives the extension
 * host no SharedArrayBuffer, which the desktop's second thread (src/node/analysis/parallel.ts) counts chunks with.
 */
import { analyzeFilesToSnapshot } from '../core/snapshot';
import { WebAnalyzeRequest, WebWorkerMessage } from './protocol';

const scope = self as unknown as {
  onmessage: ((e: MessageEvent<WebAnalyzeRequest>) => void) | null;
  postMessage(message: WebWorkerMessage): void;
};

scope.onmessage = ({ data: request }) => {
  const post = (message: WebWorkerMessage) => scope.postMessage(message);
  try {
    const started = performance.now();
    const snapshot = analyzeFilesToSnapshot(request.files, {
      previous: request.previous,
      onProgress: (step) => post({ type: 'progress', step }),
    });
    post({ type: 'done', snapshot, ms: performance.now() - started });
  } catch (err) {
    post({ type: 'error', message: err instanceof Error ? `${err.message}\n${err.stack ?? ''}` : String(err) });
  }
};
