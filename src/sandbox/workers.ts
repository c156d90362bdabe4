import type { BotLoader } from './types.js';
import type { SandboxHost } from './language.js';
import { ENGINES, languageOf } from './language-catalog.js';
import type { HarnessCall, HarnessStarted } from './wasm/harness-contract.js';
import type { WasmSessionFactory } from './wasm/session.js';

/** The Workers runtime's behaviour for bot isolates: the date wrangler.toml gives the service (test/functions/worker checks they agree). */
export const BOT_ISOLATE_COMPATIBILITY_DATE = '2026-10-23';

/**
 * workerd cancels the continuations of a promise resolved from another
 * request than the one that made it; each RPC call to a bot isolate is a
 * request of its own, and a suspended WASI program's read is resolved by
 * the next turn's call.
 */
const CROSS_CALL_PROMISES = 'no_handle_cross_request_promise_resolution';

/** The part of Cloudflare's Worker Loader binding this adapter uses. */
export interface WorkerLoader {
  get(id: string, code: () => Promise<WorkerCode>): { getEntrypoint(): unknown };
}

interface WorkerCode {
  compatibilityDate: string;
  compatibilityFlags?: string[];
  mainModule: string;
  modules: Record<string, string | { wasm: ArrayBuffer } | { json: unknown }>;
  globalOutbound: null;
}

/** The RPC surface of a bot's isolate: the harness's methods. */
interface HarnessStub {
  start(fuel: number, capMs: number): Promise<HarnessStarted>;
  call(input: string, fuel: number, outputLimit: number, capMs: number): Promise<HarnessCall>;
  takeLog(): Promise<string>;
}

/** Main module of a bot isolate: the harness behind an RPC entrypoint; no network (globalOutbound: null). */
const ISOLATE_MAIN = `import { WorkerEntrypoint } from 'cloudflare:workers';
import { openHarness } from './harness.js';
import bot from './bot.wasm';
import config from './config.json';
const harness = openHarness(bot, config.seed, config.logLimit);
export default class BotHarness extends WorkerEntrypoint {
  start(fuel, capMs) { return harness.start(fuel, capMs); }
  call(input, fuel, limit, capMs) { return harness.call(input, fuel, limit, capMs); }
  takeLog() { return harness.takeLog(); }
}`;

/**
 * Cloudflare Workers cannot compile WebAssembly from bytes, so each bot's
 * metered module runs in an isolate of its own made by the Worker Loader
 * binding, and is called over RPC. The isolate id is fresh for every bot
 * of every match, so no state is shared.
 */
export function loaderWasmSessions(loader: WorkerLoader, harnessSource: string): WasmSessionFactory {
  return async (metered, seed, logLimit) => {
    const wasm = metered.slice().buffer as ArrayBuffer;
    const stub = loader
      .get(`bot-${crypto.randomUUID()}`, async () => ({
        compatibilityDate: BOT_ISOLATE_COMPATIBILITY_DATE,
        // A WASI program suspended (JSPI) in one RPC call is resumed by the next: its promise crosses calls.
        compatibilityFlags: [CROSS_CALL_PROMISES],
        mainModule: 'main.js',
        modules: {
          'main.js': ISOLATE_MAIN,
          'harness.js': harnessSource,
          'bot.wasm': { wasm },
          'config.json': { json: { seed, logLimit } },
        },
        globalOutbound: null,
      }))
      .getEntrypoint() as HarnessStub;
    return {
      start: (fuel, capMs) => stub.start(fuel, capMs),
      call: (input, fuel, limit, capMs) => stub.call(input, fuel, limit, capMs),
      takeLog: () => stub.takeLog(),
    };
  };
}

/**
 * The sandbox as it runs in Cloudflare Workers: each bundle loaded by its
 * language's Workers loader. Workers cannot compile WebAssembly from bytes,
 * so the languages' engines come imported statically, by build file name
 * (every one in ENGINES). Raw WASI modules run with JSPI in the bot's
 * isolate (workerd has it), as in Node 24.
 */
export function workersBotLoader(options: {
  loader: WorkerLoader;
  engines: Readonly<Record<string, WebAssembly.Module>>;
  harnessSource: string;
}): BotLoader {
  const missing = ENGINES.filter((file) => !(options.engines[file] instanceof WebAssembly.Module));
  if (missing.length > 0) throw new Error(`the Workers entry does not import the engines ${missing.join(', ')}`);
  const host: SandboxHost = {
    engine: async (file) => options.engines[file]!,
    wasmSessions: loaderWasmSessions(options.loader, options.harnessSource),
    jspi: true,
  };
  return (bundle, ctx) => languageOf(bundle.kind).load.workers(bundle.code, ctx, host);
}
