import { SECTION, readSections, vectorLength } from '../wasm/sections.js';

/**
 * Bounds on raw WASI modules. Where the runtime has no JSPI they must be made
 * suspendable (binaryen's asyncify), a pass whose time grows faster than the
 * module: about 2 ms per function on ordinary code on this machine kind, far
 * more on adversarial call graphs. Time is bounded too, by the pool that runs
 * the pass (src/match/pool). The bounds hold with JSPI as well, so that a
 * module is accepted or refused alike on every runtime. A C bot with
 * wasi-libc has a few dozen functions; a C++ iostream one about 700.
 */
export const MAX_ASYNCIFY_FUNCTIONS = 5000;
export const MAX_ASYNCIFY_CODE_BYTES = 2 * 1024 * 1024;

/** Why a WASI module is too large to prepare, or null if it is not. */
export function asyncifyTooLarge(bytes: Uint8Array): string | null {
  const sections = readSections(bytes);
  const functions = sections.find((s) => s.id === SECTION.function);
  const code = sections.find((s) => s.id === SECTION.code);
  const count = functions ? vectorLength(bytes, functions) : 0;
  if (count > MAX_ASYNCIFY_FUNCTIONS)
    return `the WASI module has ${count} functions; at most ${MAX_ASYNCIFY_FUNCTIONS} can be made suspendable`;
  const size = code ? code.end - code.start : 0;
  if (size > MAX_ASYNCIFY_CODE_BYTES)
    return `the WASI module has ${size} bytes of code; at most ${MAX_ASYNCIFY_CODE_BYTES} can be made suspendable`;
  return null;
}
