import { readFile } from 'node:fs/promises';
import type { BotLoader } from './types.js';
import { JsBot, type QuickJSModuleSource } from './quickjs/js-bot.js';
import { PyBot, type MicroPythonModuleSource } from './python/py-bot.js';
import { hostSlowness } from './host-pace.js';
import { SAFETY_CAP_FACTOR } from './safety-cap.js';
import { sourceText } from './source-text.js';
import { asyncifyWasi } from './wasi-prepare.js';
import { createHarness } from './wasm/harness.js';
import { WasmBot, type WasmSessionFactory } from './wasm/wasm-bot.js';

/**
 * A build output compiled at most once per process (a missing file says to
 * build), or the module the process hands a worker thread (workerData).
 */
function compiledOnce(url: URL): { readonly source: () => Promise<WebAssembly.Module>; share(module: WebAssembly.Module): void } {
  let compiled: Promise<WebAssembly.Module> | undefined;
  return {
    source: () =>
      (compiled ??= readFile(url).then(
        (bytes) => WebAssembly.compile(bytes),
        (e: NodeJS.ErrnoException) => {
          compiled = undefined;
          throw e.code === 'ENOENT' ? new Error(`${url.pathname} is missing: run \`npm run build\``) : e;
        },
      )),
    share: (module) => {
      compiled = Promise.resolve(module);
    },
  };
}

// Where `npm run build` writes the metered engines (the same depth below the root from src/ and dist/).
const quickjs = compiledOnce(new URL('../../build/quickjs-metered.wasm', import.meta.url));
const micropython = compiledOnce(new URL('../../build/micropython-metered.wasm', import.meta.url));

/** Node and Lambda: the metered QuickJS, compiled once per process. */
export const nodeQuickJSModule: QuickJSModuleSource = quickjs.source;
/** Node and Lambda: the metered MicroPython, compiled once per process. */
export const nodeMicroPythonModule: MicroPythonModuleSource = micropython.source;
/** A worker thread uses the modules its process compiled (workerData) instead of compiling its own. */
export const shareQuickJSModule = quickjs.share;
export const shareMicroPythonModule = micropython.share;

/** Node and Lambda compile the bot's module and run it in-process. */
export const nodeWasmSessions: WasmSessionFactory = async (metered, seed, logLimit) => {
  const harness = createHarness(await WebAssembly.compile(metered as Uint8Array<ArrayBuffer>), seed, logLimit);
  return {
    start: async (fuel, capMs) => harness.start(fuel, capMs),
    call: async (input, fuel, limit, capMs) => harness.call(input, fuel, limit, capMs),
    takeLog: async () => harness.takeLog(),
  };
};

/**
 * The safety cap's factor from UMPIRE_SAFETY_CAP_FACTOR, where the host sets
 * one (a positive number). It replaces the factor measured for the host
 * (nodeSafetyCapFactor): an operator may fix it, tests lower it to play a
 * cap without a bot that outruns its fuel.
 */
export function safetyCapFactorFromEnv(env: Readonly<Record<string, string | undefined>> = process.env): number | undefined {
  const text = env.UMPIRE_SAFETY_CAP_FACTOR;
  if (text === undefined || text.trim() === '') return undefined;
  const factor = Number(text);
  return Number.isFinite(factor) && factor > 0 ? factor : undefined;
}

/**
 * The cap's factor a call gets here: the caller's or the operator's, as
 * set; otherwise SAFETY_CAP_FACTOR scaled by how much slower this host is
 * than the calibration machine (host-pace.ts).
 */
export async function nodeSafetyCapFactor(given?: number): Promise<number> {
  return given ?? safetyCapFactorFromEnv() ?? SAFETY_CAP_FACTOR * (await hostSlowness(nodeQuickJSModule));
}

/** The sandbox as it runs in Node and Lambda: JS in metered QuickJS, WebAssembly metered and compiled here. */
export const nodeBotLoader: BotLoader = async (bundle, given) => {
  const ctx = { ...given, safetyCapFactor: await nodeSafetyCapFactor(given.safetyCapFactor) };
  if (bundle.kind === 'js') return JsBot.load(nodeQuickJSModule, sourceText(bundle.code), ctx);
  if (bundle.kind === 'py') return PyBot.load(nodeMicroPythonModule, sourceText(bundle.code), ctx);
  const bytes = typeof bundle.code === 'string' ? new TextEncoder().encode(bundle.code) : bundle.code;
  return WasmBot.load(nodeWasmSessions, bytes, ctx, asyncifyWasi);
};
