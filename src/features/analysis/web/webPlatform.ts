/**
 * The web's analysis platform (../platform.ts), for the browser's extension host (vscode.dev, github.dev,
 * code-server): the analysis in a Web Worker started from a `blob:` URL of dist/web/analysisWorker.js (a worker
 * from the extension's own URL is refused there: "Creating workers from remote extensions is currently not
 * supported"), the cache through workspace.fs. Where no worker starts, the analysis runs on the extension host.
 */
import * as vscode from 'vscode';
import { analyzeFilesToSnapshot } from '../../../core/snapshot';
import type { WebAnalyzeRequest, WebWorkerMessage } from '../../../web/protocol';
import { Analyzed, AnalysisPlatform, AnalyzeCall, CollectionFile } from '../platform';

export function webAnalysisPlatform(extensionUri: vscode.Uri, log: vscode.LogOutputChannel): AnalysisPlatform {
  const script = vscode.Uri.joinPath(extensionUri, 'dist', 'web', 'analysisWorker.js');
  return {
    async analyze(files, call) {
      let worker: { worker: Worker; url: string };
      try {
        worker = await startWorker(script);
      } catch (err) {
        log.warn(`could not start the analysis worker (${(err as Error).message}); analyzing on the extension host`);
        return analyzeHere(files, call);
      }
      return analyzeInWorker(worker, files, call, log).catch((err: Error) => {
        if (err.name === 'AnalysisError' || err.name === 'Cancelled') throw err;
        log.warn(`the analysis worker failed (${err.message}); analyzing on the extension host`);
        return analyzeHere(files, call);
      });
    },
  };
}

async function startWorker(script: vscode.Uri): Promise<{ worker: Worker; url: string }> {
  const bytes = await vscode.workspace.fs.readFile(script);
  const url = URL.createObjectURL(new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'text/javascript' }));
  try {
    return { worker: new Worker(url), url };
  } catch (err) {
    URL.revokeObjectURL(url);
    throw err;
  }
}

const cancelled = () => Object.assign(new Error('analysis cancelled'), { name: 'Cancelled' });

function analyzeInWorker(
  { worker, url }: { worker: Worker; url: string },
  files: CollectionFile[],
  { report, signal, previous }: AnalyzeCall,
  log: vscode.LogOutputChannel,
): Promise<Analyzed> {
  return new Promise<Analyzed>((resolve, reject) => {
    const end = () => {
      signal?.removeEventListener('abort', onAbort);
      worker.terminate();
      URL.revokeObjectURL(url);
    };
    const onAbort = () => (end(), reject(cancelled()));
    if (signal?.aborted) return onAbort();
    signal?.addEventListener('abort', onAbort, { once: true });
    worker.onmessage = ({ data: m }: MessageEvent<WebWorkerMessage>) => {
      switch (m.type) {
        case 'progress':
          report(m.step);
          break;
        case 'done':
          end();
          log.info(`analyzed ${m.snapshot.papers.length} papers in a Web Worker in ${m.ms.toFixed(0)} ms`);
          resolve({ snapshot: m.snapshot });
          break;
        case 'error':
          end();
          // the analysis itself failed (not the worker running it): running it elsewhere would fail too
          reject(Object.assign(new Error(m.message), { name: 'AnalysisError' }));
          break;
      }
    };
    worker.onerror = (e) => (end(), reject(new Error(e.message || 'the worker could not run')));
    const request: WebAnalyzeRequest = { files, previous };
    worker.postMessage(request);
  });
}

/** The last resort: the whole analysis on the extension host (it answers nothing meanwhile). */
function analyzeHere(files: CollectionFile[], { report, previous }: AnalyzeCall): Analyzed {
  return { snapshot: analyzeFilesToSnapshot(files, { onProgress: report, previous }) };
}
