import { QuickJSFFI } from '@jitl/quickjs-wasmfile-release-sync/ffi';
import { QuickJSWASMModule } from 'quickjs-emscripten-core';
import type { QuickJSEmscriptenModule } from '@jitl/quickjs-ffi-types';

// The glue the build copied (scripts/generated/quickjs-glue.mjs), the same in every runtime:
// fuel counts the work the glue asks of the engine, and replays must not depend on the runtime.
import quickjsGlue from '../../../build/quickjs-glue.cjs';

type GlueFactory = (moduleArg: object) => Promise<unknown>;

/** A started QuickJS engine's glue: the emscripten module object and the calls into the engine. */
export interface EngineGlue {
  readonly emscripten: QuickJSEmscriptenModule;
  readonly ffi: QuickJSFFI;
}

/**
 * Starts one QuickJS engine in `memory`, synchronously: `instantiate` makes
 * its WebAssembly instance from the imports the glue asks for, and the
 * engine is ready when this returns. Nothing is awaited, so the safety cap
 * can start one in the middle of a call (host-pace.ts), and a bot's load
 * takes no extra turn of the event loop.
 */
export function startEngineGlue(
  module: WebAssembly.Module,
  memory: WebAssembly.Memory,
  instantiate: (imports: WebAssembly.Imports) => WebAssembly.Instance,
): EngineGlue {
  let thrown: { error: unknown } | undefined;
  const emscripten = {
    wasmMemory: memory,
    umpireSync: true,
    instantiateWasm(imports: WebAssembly.Imports, done: (i: WebAssembly.Instance, m: WebAssembly.Module) => void) {
      let instance: WebAssembly.Instance;
      try {
        instance = instantiate(imports);
      } catch (error) {
        thrown = { error };
        throw error;
      }
      done(instance, module);
      return instance.exports;
    },
    calledRun: false,
  };
  // The factory is an async function: what it throws arrives later as a rejection, so it is kept above.
  (quickjsGlue as GlueFactory)(emscripten).catch(() => undefined);
  if (thrown) throw thrown.error;
  if (!emscripten.calledRun) throw new Error('the QuickJS engine did not start');
  const engine = emscripten as unknown as QuickJSEmscriptenModule & { type: string };
  engine.type = 'sync';
  return { emscripten: engine, ffi: new QuickJSFFI(engine) };
}

/** {@link startEngineGlue}, as quickjs-emscripten's module object. */
export function startQuickJS(
  module: WebAssembly.Module,
  memory: WebAssembly.Memory,
  instantiate: (imports: WebAssembly.Imports) => WebAssembly.Instance,
): QuickJSWASMModule {
  const { emscripten, ffi } = startEngineGlue(module, memory, instantiate);
  return new QuickJSWASMModule(emscripten, ffi);
}
