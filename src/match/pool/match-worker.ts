// The entry of a match worker thread (see worker-pool.ts): plays the jobs the pool posts, one at a time.
import { parentPort, workerData } from 'node:worker_threads';
import { nodeBotLoader, shareEngine } from '../../sandbox/node-sources.js';
import { asyncifyWasi } from '../../sandbox/webassembly/wasi-prepare.js';
import { asyncifyTooLarge } from '../../sandbox/webassembly/wasi-limits.js';
import { playJob } from '../in-process-runner.js';
import { probeBot } from '../probe.js';
import type { Prepared, WorkerReply, WorkerRequest } from './messages.js';

async function handle(request: WorkerRequest): Promise<unknown> {
  switch (request.kind) {
    case 'play':
      // No deadline here: the pool terminates this thread when the match is late.
      return playJob(request.job, nodeBotLoader);
    case 'probe':
      return probeBot(nodeBotLoader, request.request);
    case 'prepare':
      return prepare(request.bytes);
  }
}

/** The same checks and messages as WasmBot.load would give, run here where a deadline can stop them. */
async function prepare(bytes: Uint8Array): Promise<Prepared> {
  try {
    const tooLarge = asyncifyTooLarge(bytes);
    if (tooLarge) return { ok: false, failure: { code: 'BUNDLE_TOO_LARGE', message: tooLarge } };
    return { ok: true, bytes: await asyncifyWasi(bytes) };
  } catch (e) {
    return {
      ok: false,
      failure: {
        code: 'BUNDLE_INVALID',
        message: `the WASI module could not be made suspendable: ${(e as Error).message}`,
      },
    };
  }
}

const shared = workerData as { engines?: Record<string, unknown> } | null;
for (const [file, module] of Object.entries(shared?.engines ?? {}))
  if (module instanceof WebAssembly.Module) shareEngine(file, module);

const port = parentPort!;
port.on('message', (request: WorkerRequest) => {
  handle(request).then(
    (value) => {
      const prepared =
        request.kind === 'prepare' && (value as Prepared).ok
          ? [(value as { bytes: Uint8Array }).bytes.buffer as ArrayBuffer]
          : [];
      try {
        port.postMessage({ ok: true, value } satisfies WorkerReply, prepared);
      } catch (e) {
        port.postMessage({
          ok: false,
          error: { message: `the result cannot be sent back: ${(e as Error).message}` },
        } satisfies WorkerReply);
      }
    },
    (e: unknown) => {
      const code = (e as { code?: unknown }).code;
      port.postMessage({
        ok: false,
        error: { ...(typeof code === 'string' ? { code } : {}), message: (e as Error).message ?? String(e) },
      } satisfies WorkerReply);
    },
  );
});
