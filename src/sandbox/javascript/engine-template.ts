import type { IntrinsicsFlags, JSContextPointer, JSRuntimePointer, JSValuePointer } from '@jitl/quickjs-ffi-types';
import {
  Lifetime,
  type QuickJSContext,
  type QuickJSHandle,
  type QuickJSRuntime,
  QuickJSWASMModule,
} from 'quickjs-emscripten-core';
import { type Engine, INITIAL_BYTES, INITIAL_PAGES, atFirstSize, newEngine } from './engine.js';
import { type PageRuns, SMALL_PAGE, joinRuns, pageRunsOf, writtenPages } from './engine-pages.js';
import { PRELUDE } from './prelude.js';
import { templateSnapshotOf } from './engine-snapshot.js';
import { VIRTUAL_EPOCH_MS } from '../policy.js';

/**
 * QuickJS's own stack limit, on its C stack in linear memory: plain
 * JavaScript recursion ends in a catchable InternalError about 500 calls
 * deep (at about 36,000 stack slots), before the module's count of slots
 * (MAX_STACK_SLOTS, wasm/call-depth.ts) would trap; recursion through
 * getters or toString, which takes more slots for its C stack, may end at
 * the count instead, as a crash. A plain call takes about 190 bytes of this
 * stack and 700 of V8's: at 256 KiB, QuickJS stopped just short of V8's
 * 984 KiB, and past a 1 MiB worker thread's.
 */
export const QUICKJS_STACK_BYTES = 96 * 1024;

/** Fuel the steps before a bot's own may burn: far more than they do, and counted apart. */
const TEMPLATE_FUEL = 1n << 62n;

/**
 * What every bot's engine is before its bot's own steps: the memory a
 * template engine had after them, and where in it they left the runtime,
 * the context and the prelude's setup function. Those steps (parsing and
 * running the prelude above all) are most of a bot's load, and do not
 * depend on the bot: a process takes them once per engine module, and each
 * bot's engine is then made equal to the template byte for byte
 * ({@link restoreTemplate}). An engine's only mutable globals are its stack
 * pointer, back at its start between calls, its fuel counter and its count
 * of stack slots, which the host sets; so an engine equal to the template in
 * memory runs exactly as the template's own would, and every bot starts the
 * same however many bots ran in the engine before it.
 */
export interface EngineTemplate {
  /** The template engine's bytes over each run of pages its start and steps wrote; all else is zero. */
  readonly runs: readonly { readonly start: number; readonly bytes: Uint8Array }[];
  readonly runtime: JSRuntimePointer;
  readonly context: JSContextPointer;
  /** The prelude's function (a pointer to its value): called with the bot's seed, log limit and clock. */
  readonly setup: JSValuePointer;
  /** The fuel the prelude's evaluation burned: charged to every bot's load, as when each bot evaluated it. */
  readonly preludeFuel: number;
}

/** What the template's steps leave, before its pages are copied. */
type Prepared = Omit<EngineTemplate, 'runs'>;

/**
 * The steps every bot's engine takes before the bot's own: a runtime with
 * QuickJS's stack limit and an interrupt handler (QuickJS calls it while it
 * works, a call to the host the fuel is charged for), a context, the prelude
 * evaluated to its setup function. Nothing of them depends on the bot.
 */
function prepareEngine(engine: Engine): Prepared {
  engine.refuel = () => {
    throw new Error('the QuickJS template ran out of fuel');
  };
  engine.fuel.value = TEMPLATE_FUEL;
  return withFrozenClock(() => templateSteps(engine));
}

/**
 * Runs `steps` with Date.now at the virtual epoch: the glue's clock is the
 * only input of the template's steps that varies (QuickJS seeds its own
 * Math.random from it, which the prelude replaces), so every process, and
 * the build, makes the same template byte for byte. The steps are
 * synchronous: nothing else runs while the clock is frozen.
 */
function withFrozenClock<T>(steps: () => T): T {
  const now = Date.now;
  Date.now = () => VIRTUAL_EPOCH_MS;
  try {
    return steps();
  } finally {
    Date.now = now;
  }
}

function templateSteps(engine: Engine): Prepared {
  let runtimePointer: JSRuntimePointer | undefined;
  let contextPointer: JSContextPointer | undefined;
  const ffi = Object.create(engine.ffi, {
    QTS_NewRuntime: { value: () => (runtimePointer = engine.ffi.QTS_NewRuntime()) },
    QTS_NewContext: {
      value: (rt: JSRuntimePointer, intrinsics: IntrinsicsFlags) =>
        (contextPointer = engine.ffi.QTS_NewContext(rt, intrinsics)),
    },
  });
  const runtime = new QuickJSWASMModule(engine.emscripten, ffi).newRuntime();
  runtime.setMaxStackSize(QUICKJS_STACK_BYTES);
  runtime.setInterruptHandler(() => false);
  const vm = runtime.newContext();
  const before = engine.fuel.value as bigint;
  const setup = vm.unwrapResult(vm.evalCode(PRELUDE, 'prelude.js'));
  const preludeFuel = Number(before - (engine.fuel.value as bigint));
  if (runtimePointer === undefined || contextPointer === undefined)
    throw new Error('the QuickJS template made no runtime or context');
  return { runtime: runtimePointer, context: contextPointer, setup: setup.value as JSValuePointer, preludeFuel };
}

/**
 * The template of `module` and a new engine for the first bot: the template
 * the build stored in the module (engine-snapshot.ts), which a clean engine
 * takes as any other does, or else one made here ({@link computeTemplate}).
 */
export function makeTemplate(
  module: WebAssembly.Module,
  maximumPages: number,
): { template: EngineTemplate; engine: Engine } {
  const stored = templateSnapshotOf(module, PRELUDE, INITIAL_BYTES);
  if (stored) return { template: stored as EngineTemplate, engine: newEngine(module, maximumPages) };
  return computeTemplate(module, maximumPages);
}

/**
 * The template of `module`, made in a new engine that stays equal to it and
 * may be handed to a bot: the engine's steps taken, and its memory copied
 * over the pages the module lists. A module that lists none (one metered
 * otherwise than by the build, as tests do) has them found first, in an
 * engine of its own: some 50 to 80 ms.
 */
export function computeTemplate(
  module: WebAssembly.Module,
  maximumPages: number,
): { template: EngineTemplate; engine: Engine } {
  const runs = pageRunsOf(module) ?? templatePages(newEngine(module, INITIAL_PAGES, true));
  const engine = newEngine(module, maximumPages);
  const prepared = prepareEngine(engine);
  const memory = new Uint8Array(engine.memory.buffer);
  const template = {
    ...prepared,
    runs: runs.map(([first, end]) => ({
      start: first * SMALL_PAGE,
      bytes: memory.slice(first * SMALL_PAGE, end * SMALL_PAGE),
    })),
  };
  return { template, engine };
}

/**
 * Makes an engine's memory the template's, byte for byte. A `clean` engine
 * (new, its memory written only by its start, on pages the template's runs
 * cover) gets the runs; any other also has every byte outside them zeroed,
 * whatever the bots before wrote there. Its count of stack slots is reset.
 */
export function restoreTemplate(engine: Engine, template: EngineTemplate, clean: boolean): void {
  const memory = new Uint8Array(engine.memory.buffer);
  let zeroFrom = 0;
  for (const run of template.runs) {
    if (!clean && run.start > zeroFrom) memory.fill(0, zeroFrom, run.start);
    memory.set(run.bytes, run.start);
    zeroFrom = run.start + run.bytes.length;
  }
  if (!clean) memory.fill(0, zeroFrom);
  if (engine.depth) engine.depth.value = 0;
}

/** A bot's QuickJS in an engine made equal to the template: its runtime, its context and the prelude's setup function. */
export function templateContext(
  engine: Engine,
  template: EngineTemplate,
): { runtime: QuickJSRuntime; vm: QuickJSContext; setup: QuickJSHandle } {
  const ffi = Object.create(engine.ffi, { QTS_NewRuntime: { value: () => template.runtime } });
  const runtime = new QuickJSWASMModule(engine.emscripten, ffi).newRuntime();
  const vm = runtime.newContext({ contextPointer: template.context });
  const setup = new Lifetime(
    template.setup,
    undefined,
    (pointer) => engine.ffi.QTS_FreeValuePointer(template.context, pointer),
    runtime,
  ) as unknown as QuickJSHandle;
  return { runtime, vm, setup };
}

/**
 * The runs of pages an engine's start and the template's steps write, found
 * in an engine whose memory was all touched first (`newEngine(module, max,
 * true)`): what the build lists in the module (scripts/build-wasm.mjs).
 */
export function templatePages(engine: Engine): PageRuns {
  if (!atFirstSize(engine)) throw new Error('the engine grew while starting');
  const started = writtenPages(new Uint8Array(engine.memory.buffer));
  prepareEngine(engine);
  return joinRuns(started, writtenPages(new Uint8Array(engine.memory.buffer)));
}
