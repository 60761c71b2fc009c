/**
 * Where dist/analysisWorker.js runs: a child process by default, so that the memory of analyzing a large
 * corpus (gigabytes at 100k abstracts) is never the extension host's, or a worker thread (same protocol)
 * when no process can be started. Both speak the messages of protocol.ts.
 */
import { ChildProcess, fork } from 'node:child_process';
import { Worker } from 'node:worker_threads';
import { threadPoolFlag } from './compileFlags';
import { AnalyzeRequest, WorkerMessage } from './protocol';

export type AnalysisTransport = 'process' | 'thread';

export interface AnalysisChannel {
  send(request: AnalyzeRequest): void;
  /** `message` for each message; `failed` once, when the worker dies or cannot start. */
  listen(message: (m: WorkerMessage) => void, failed: (err: Error) => void): void;
  stop(): void;
}

/** Heap limit of the analysis process: what 100k abstracts need with room to spare (node's default depends on the machine). */
const CHILD_HEAP_MB = 4096;
/** How much of a crashed child's stderr goes into the error (an out-of-memory report is a few lines). */
const STDERR_TAIL = 2000;

export function openChannel(workerPath: string, transport: AnalysisTransport): AnalysisChannel {
  return transport === 'process' ? processChannel(workerPath) : threadChannel(workerPath);
}

function processChannel(workerPath: string): AnalysisChannel {
  // ELECTRON_RUN_AS_NODE: in desktop VS Code process.execPath is Electron, which must run the script as node
  const child: ChildProcess = fork(workerPath, [], {
    serialization: 'advanced',
    execArgv: [`--max-old-space-size=${CHILD_HEAP_MB}`, ...[threadPoolFlag()].filter((f) => f !== undefined)],
    env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' },
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-STDERR_TAIL)));
  let stopped = false;
  return {
    send: (request) => child.send(request),
    listen(message, failed) {
      child.on('message', (m) => message(m as WorkerMessage));
      child.once('error', failed);
      child.once('exit', (code, signal) => {
        if (!stopped)
          failed(
            new Error(
              `the analysis process ended (${signal ?? `exit code ${code}`})${stderr.trim() ? `: ${stderr.trim().split('\n').slice(-3).join(' ')}` : ''}`,
            ),
          );
      });
    },
    stop() {
      stopped = true;
      child.kill();
    },
  };
}

function threadChannel(workerPath: string): AnalysisChannel {
  const worker = new Worker(workerPath);
  let stopped = false;
  return {
    send: (request) => worker.postMessage(request),
    listen(message, failed) {
      worker.on('message', message);
      worker.once('error', failed);
      worker.once('exit', (code) => {
        if (!stopped) failed(new Error(`the analysis thread ended (exit code ${code})`));
      });
    },
    stop() {
      stopped = true;
      void worker.terminate();
    },
  };
}
