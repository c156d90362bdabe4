import { withCustomSection } from '../wasm/sections.js';

/**
 * Which parts of a QuickJS engine's memory its start writes: the pages
 * written by the glue's start and by the steps every bot's engine takes
 * before the bot's own (engine-template.ts). The build lists them in a
 * custom section of the metered module (scripts/build-wasm.mjs), found by
 * running those steps in a memory whose pages were all touched first: on a
 * VM, reading a page nobody touched costs as much as writing it (about 3 ms
 * per MiB), so the engine cannot look for them at run time.
 */

/** The custom section of build/quickjs-metered.wasm that lists the pages. */
export const ENGINE_PAGES_SECTION = 'umpire_engine_pages';

/** The unit of the list: a page of the system, not WebAssembly's 64 KiB. */
export const SMALL_PAGE = 4096;

/** Runs of pages, each [first, past the last], in SMALL_PAGE units, ascending and apart. */
export type PageRuns = readonly (readonly [number, number])[];

/** The runs of pages of `bytes` that are not all zero. */
export function writtenPages(bytes: Uint8Array): PageRuns {
  const words = new Int32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength >> 2);
  const perPage = SMALL_PAGE >> 2;
  const runs: [number, number][] = [];
  for (let page = 0; page * perPage < words.length; page++) {
    const end = Math.min(words.length, (page + 1) * perPage);
    let written = false;
    for (let i = page * perPage; i < end && !written; i++) written = words[i] !== 0;
    if (!written) continue;
    const last = runs[runs.length - 1];
    if (last && last[1] === page) last[1] = page + 1;
    else runs.push([page, page + 1]);
  }
  return runs;
}

/** The runs of both lists. */
export function joinRuns(a: PageRuns, b: PageRuns): PageRuns {
  const all = [...a, ...b].sort((x, y) => x[0] - y[0]);
  const runs: [number, number][] = [];
  for (const [first, end] of all) {
    const last = runs[runs.length - 1];
    if (last && first <= last[1]) last[1] = Math.max(last[1], end);
    else runs.push([first, end]);
  }
  return runs;
}

/** `module` (its bytes) with the runs appended as its custom section: JSON text, read back by {@link pageRunsOf}. */
export function withPageRuns(module: Uint8Array, runs: PageRuns): Uint8Array<ArrayBuffer> {
  return withCustomSection(module, ENGINE_PAGES_SECTION, new TextEncoder().encode(JSON.stringify(runs)));
}

/** The runs a compiled engine lists, or null when it has no valid list (built before the list existed). */
export function pageRunsOf(module: WebAssembly.Module): PageRuns | null {
  const [section] = WebAssembly.Module.customSections(module, ENGINE_PAGES_SECTION);
  if (!section) return null;
  try {
    const runs: unknown = JSON.parse(new TextDecoder().decode(section));
    const valid =
      Array.isArray(runs) &&
      runs.every(
        (r, i) =>
          Array.isArray(r) &&
          r.length === 2 &&
          Number.isInteger(r[0]) &&
          Number.isInteger(r[1]) &&
          r[0] >= (i > 0 ? (runs[i - 1] as number[])[1]! : 0) &&
          r[1] > r[0],
      );
    return valid ? (runs as PageRuns) : null;
  } catch {
    return null;
  }
}
