import { type Engine, atFirstSize, newEngine } from './engine.js';
import { type EngineTemplate, makeTemplate, restoreTemplate } from './engine-template.js';

/**
 * QuickJS engines of this thread, kept from bot to bot. A new engine costs
 * a WebAssembly instance and the glue's start, and each bot's QuickJS its
 * runtime, context and prelude: about 1.8 ms a bot, most of an idle match's
 * load. Each dropped 16 MiB memory also left V8 to find it in a full
 * collection, which it started for every few of them, and a new memory's
 * pages are given by the system on first touch (about 3 ms per MiB the
 * engine touches, on a VM). So a bot that is done gives its engine back when
 * its memory is still at its first size, and the next bot of the thread
 * with the same memory limit takes it, made equal to the template byte for
 * byte (engine-template.ts): every byte the bot before wrote is overwritten
 * or zeroed, and the next bot plays and burns fuel exactly as in a new
 * engine. Zeroing a kept memory the first time touches all its pages (some
 * 45 ms on that VM, once per memory); later it takes about 0.3 ms. A process
 * that plays one match (`umpire match`) takes none back, and pays nothing.
 */

/** Engines kept per memory limit: a thread plays one match at a time, of a few bots. */
const KEPT_PER_SIZE = 4;

interface ModuleEngines {
  readonly template: EngineTemplate;
  /** The template's own engine, until a bot takes it. */
  spare: Engine | null;
  /** Engines given back, per memory limit. */
  readonly kept: Map<number, Engine[]>;
}

const engines = new WeakMap<WebAssembly.Module, ModuleEngines>();

/** An engine of `module` equal to the template, for a bot whose memory may grow to `maximumPages`. */
export function takeEngine(
  module: WebAssembly.Module,
  maximumPages: number,
): { engine: Engine; template: EngineTemplate } {
  let made = engines.get(module);
  if (!made) {
    const { template, engine } = makeTemplate(module, maximumPages);
    made = { template, spare: engine, kept: new Map() };
    engines.set(module, made);
  }
  const { template } = made;
  const reused = made.kept.get(maximumPages)?.pop();
  if (reused) {
    restoreTemplate(reused, template, false);
    return { engine: reused, template };
  }
  const spare = made.spare?.maximumPages === maximumPages ? made.spare : null;
  if (spare) made.spare = null;
  const engine = spare ?? newEngine(module, maximumPages);
  restoreTemplate(engine, template, true);
  return { engine, template };
}

/** Gives back an engine no bot will run in again, its calls all returned: kept when its memory is still at its first size. */
export function keepEngine(engine: Engine): void {
  const made = engines.get(engine.module);
  if (!made || !atFirstSize(engine)) return;
  const list = made.kept.get(engine.maximumPages) ?? [];
  if (list.length >= KEPT_PER_SIZE) return;
  list.push(engine);
  made.kept.set(engine.maximumPages, list);
}
