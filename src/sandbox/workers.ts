import type { BotLoader } from './types.js';
import { JsBot } from './quickjs/js-bot.js';
import { PyBot } from './python/py-bot.js';
import { sourceText } from './source-text.js';
import type { HarnessCall, HarnessStarted } from './wasm/harness.js';
import { WasmBot, type WasmSessionFactory } from './wasm/wasm-bot.js';

/** The Workers runtime's behaviour for bot isolates: the date wrangler.toml gives the service (test/workers checks they agree). */
export const BOT_ISOLATE_COMPATIBILITY_DATE = '2026-10-23';

/** The part of Cloudflare's Worker Loader binding this adapter uses. */
export interface WorkerLoader {
  get(id: string, code: () => Promise<WorkerCode>): { getEntrypoint(): unknown };
}

interface WorkerCode {
  compatibilityDate: string;
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
import { createHarness } from './harness.js';
import bot from './bot.wasm';
import config from './config.json';
const harness = createHarness(bot, config.seed, config.logLimit);
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
        mainModule: 'main.js',
        modules: { 'main.js': ISOLATE_MAIN, 'harness.js': harnessSource, 'bot.wasm': { wasm }, 'config.json': { json: { seed, logLimit } } },
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

/** The sandbox as it runs in Cloudflare Workers. */
export function workersBotLoader(options: { loader: WorkerLoader; quickjs: WebAssembly.Module; micropython: WebAssembly.Module; harnessSource: string }): BotLoader {
  const sessions = loaderWasmSessions(options.loader, options.harnessSource);
  return (bundle, ctx) => {
    if (bundle.kind === 'js') return JsBot.load(async () => options.quickjs, sourceText(bundle.code), ctx);
    if (bundle.kind === 'py') return PyBot.load(async () => options.micropython, sourceText(bundle.code), ctx);
    const bytes = typeof bundle.code === 'string' ? new TextEncoder().encode(bundle.code) : bundle.code;
    return WasmBot.load(sessions, bytes, ctx);
  };
}
