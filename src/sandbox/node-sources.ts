import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { BotLoader } from './types.js';
import type { QuickJSModuleSource } from './javascript/js-bot.js';
import { QUICKJS_ENGINE } from './javascript/language.js';
import type { SandboxHost } from './language.js';
import { languageOf } from './language-catalog.js';
import type { MicroPythonModuleSource } from './python/py-bot.js';
import { MICROPYTHON_ENGINE } from './python/language.js';
import { paceCapClock } from './cpu-clock.js';
import { measureHostSlowness } from './host-pace.js';
import { SAFETY_CAP_FACTOR } from './safety-cap.js';
import { asyncifyMetered } from './webassembly/wasi-prepare.js';
import { jspi, openHarness } from './wasm/harness.js';
import type { WasmSessionFactory } from './wasm/session.js';

/**
 * A build output compiled at most once per process (a missing file says to
 * build), or the module the process hands a worker thread (workerData).
 */
function compiledOnce(url: URL): {
  readonly source: () => Promise<WebAssembly.Module>;
  /** The module now: the one compiled, or compiled here and now (for work that cannot wait). */
  readonly now: () => WebAssembly.Module;
  share(module: WebAssembly.Module): void;
} {
  let compiled: Promise<WebAssembly.Module> | undefined;
  let ready: WebAssembly.Module | undefined;
  const missing = (e: NodeJS.ErrnoException) =>
    e.code === 'ENOENT' ? new Error(`${url.pathname} is missing: run \`npm run build\``) : e;
  return {
    source: () =>
      (compiled ??= readFile(url).then(
        async (bytes) => (ready ??= await WebAssembly.compile(bytes)),
        (e: NodeJS.ErrnoException) => {
          compiled = undefined;
          throw missing(e);
        },
      )),
    now: () => {
      if (ready) return ready;
      try {
        ready = new WebAssembly.Module(readFileSync(url));
      } catch (e) {
        throw missing(e as NodeJS.ErrnoException);
      }
      compiled ??= Promise.resolve(ready);
      return ready;
    },
    share: (module) => {
      ready = module;
      compiled = Promise.resolve(module);
    },
  };
}

// Where `npm run build` writes the languages' engines (the same depth below the root from src/ and dist/).
const engines = new Map<string, ReturnType<typeof compiledOnce>>();
const engineFile = (file: string) => {
  let engine = engines.get(file);
  if (!engine) engines.set(file, (engine = compiledOnce(new URL(`../../build/${file}`, import.meta.url))));
  return engine;
};

/** Node and Lambda: a language's engine (Language.engines), compiled once per process. */
export const nodeEngine = (file: string): Promise<WebAssembly.Module> => engineFile(file).source();
/** A worker thread uses the engines its process compiled (workerData) instead of compiling its own. */
export const shareEngine = (file: string, module: WebAssembly.Module): void => engineFile(file).share(module);

/** Node and Lambda: the metered QuickJS, compiled once per process. */
export const nodeQuickJSModule: QuickJSModuleSource = () => nodeEngine(QUICKJS_ENGINE);
/** Node and Lambda: the metered MicroPython, compiled once per process. */
export const nodeMicroPythonModule: MicroPythonModuleSource = () => nodeEngine(MICROPYTHON_ENGINE);

/** Node and Lambda compile the bot's module and run it in-process. */
export const nodeWasmSessions: WasmSessionFactory = async (metered, seed, logLimit) => {
  const harness = openHarness(await WebAssembly.compile(metered as Uint8Array<ArrayBuffer>), seed, logLimit);
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
export function safetyCapFactorFromEnv(
  env: Readonly<Record<string, string | undefined>> = process.env,
): number | undefined {
  const text = env.UMPIRE_SAFETY_CAP_FACTOR;
  if (text === undefined || text.trim() === '') return undefined;
  const factor = Number(text);
  return Number.isFinite(factor) && factor > 0 ? factor : undefined;
}

/**
 * The cap's factor a call gets here: the caller's or the operator's, as
 * set; otherwise SAFETY_CAP_FACTOR. Unless the operator fixed the factor,
 * the cap's clock runs at this host's pace (host-pace.ts), measured the
 * first time a call needs it: the factor counts the calibration machine's time.
 */
export function nodeSafetyCapFactor(given?: number): number {
  return given ?? safetyCapFactorFromEnv() ?? SAFETY_CAP_FACTOR;
}

/** The host's slowness, measured on the metered QuickJS (compiled here if no bot has needed it yet); 1 without it. */
function nodeHostSlowness(): number {
  try {
    return measureHostSlowness(engineFile(QUICKJS_ENGINE).now());
  } catch {
    return 1;
  }
}

if (safetyCapFactorFromEnv() === undefined) paceCapClock(nodeHostSlowness);

/**
 * What Node and Lambda offer the languages: engines compiled here,
 * WebAssembly run in-process, raw WASI modules run with JSPI (Node 24) or
 * else made suspendable by binaryen (Node 22).
 */
export const nodeHost: SandboxHost = {
  engine: nodeEngine,
  wasmSessions: nodeWasmSessions,
  // UMPIRE_WASI_ASYNCIFY=1 takes the fallback even with JSPI (its replays are the same; tests and operators compare).
  jspi: jspi() !== null && process.env.UMPIRE_WASI_ASYNCIFY !== '1',
  prepareWasi: asyncifyMetered,
};

/** The sandbox as it runs in Node and Lambda with `host`: each bundle loaded by its language's in-process loader. */
export function nodeBotLoaderWith(host: SandboxHost): BotLoader {
  return async (bundle, given) => {
    const language = languageOf(bundle.kind);
    const ctx = { ...given, safetyCapFactor: nodeSafetyCapFactor(given.safetyCapFactor) };
    return language.load.node(bundle.code, ctx, host);
  };
}

/** The sandbox as it runs in Node and Lambda. */
export const nodeBotLoader: BotLoader = nodeBotLoaderWith(nodeHost);
