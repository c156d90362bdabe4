// The entry of a match worker thread (see worker-pool.ts): plays the jobs the pool posts, one at a time.
import { createHash } from 'node:crypto';
import { parentPort, workerData } from 'node:worker_threads';
import { gzipSync } from 'node:zlib';
import { nodeBotLoaderWith, nodeHost, shareEngine } from '../../sandbox/node-sources.js';
import { asyncifyMetered } from '../../sandbox/webassembly/wasi-prepare.js';
import { asyncifyTooLarge } from '../../sandbox/webassembly/wasi-limits.js';
import { instrumentModule } from '../../sandbox/webassembly/wasm-bot.js';
import { WasmFormatError } from '../../sandbox/wasm/leb.js';
import { DEFAULT_LIMITS } from '../../sandbox/types.js';
import { type PackedMatch, packedBuffers } from '../assemble-match.js';
import { playJob } from '../in-process-runner.js';
import { probeBot } from '../probe.js';
import type { Asyncified, Prepared, WorkerReply, WorkerRequest } from './messages.js';
import { lowerThisThread, workerNiceFromEnv } from './thread-priority.js';

// Below the server's thread: its requests come first, matches take the rest of the cores.
lowerThisThread(workerNiceFromEnv(process.env));

const shared = workerData as { engines?: Record<string, unknown>; asyncifyWasi?: boolean } | null;
for (const [file, module] of Object.entries(shared?.engines ?? {}))
  if (module instanceof WebAssembly.Module) shareEngine(file, module);
/** Whether raw WASI modules run with JSPI here, or through the asyncify fallback (the runtime has no JSPI, or the pool says so). */
const jspi = nodeHost.jspi === true && shared?.asyncifyWasi !== true;

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/**
 * zlib's gzip into an array of its own: gzipSync answers with a view of a 64 KiB pool, which
 * postMessage would copy whole and could not hand over.
 */
const gzipOwned = (bytes: Uint8Array) => new Uint8Array(gzipSync(bytes));

/** The bot loader of a job: without JSPI, the modules the pool had prepared are taken as they are, others prepared here. */
function loaderFor(asyncified: Asyncified = {}) {
  return nodeBotLoaderWith({
    ...nodeHost,
    jspi,
    prepareWasi: async (metered) => asyncified[sha256(metered)] ?? asyncifyMetered(metered),
  });
}

async function handle(request: WorkerRequest): Promise<unknown> {
  switch (request.kind) {
    case 'play':
      // No deadline here: the pool terminates this thread when the match is late.
      return playJob(request.job, loaderFor(request.asyncified), { gzip: gzipOwned });
    case 'probe':
      return probeBot(loaderFor(request.asyncified), request.request);
    case 'prepare':
      return prepare(request.bytes, request.memoryBytes ?? DEFAULT_LIMITS.memoryBytes);
  }
}

/** The fallback's preparation (metered, then asyncify), with WasmBot.load's checks and messages, run here where a deadline can stop it. */
async function prepare(bytes: Uint8Array, memoryBytes: number): Promise<Prepared> {
  try {
    const tooLarge = asyncifyTooLarge(bytes);
    if (tooLarge) return { ok: false, failure: { code: 'BUNDLE_TOO_LARGE', message: tooLarge } };
    const metered = instrumentModule(bytes, memoryBytes);
    return { ok: true, key: sha256(metered), bytes: await asyncifyMetered(metered) };
  } catch (e) {
    if (e instanceof WasmFormatError) return { ok: false, failure: { code: 'BUNDLE_INVALID', message: e.message } };
    return {
      ok: false,
      failure: {
        code: 'BUNDLE_INVALID',
        message: `the WASI module could not be made suspendable: ${(e as Error).message}`,
      },
    };
  }
}

/** The buffers of a reply that are handed over rather than copied: a prepared module's, a packed match's. */
function transferable(request: WorkerRequest, value: unknown): ArrayBuffer[] {
  if (request.kind === 'prepare')
    return (value as Prepared).ok ? [(value as { bytes: Uint8Array }).bytes.buffer as ArrayBuffer] : [];
  return request.kind === 'play' && request.job.assembly ? packedBuffers(value as PackedMatch) : [];
}

const port = parentPort!;
port.on('message', (request: WorkerRequest) => {
  handle(request).then(
    (value) => {
      try {
        port.postMessage({ ok: true, value } satisfies WorkerReply, transferable(request, value));
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
