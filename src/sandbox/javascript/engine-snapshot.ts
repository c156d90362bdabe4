import { concat, encodeU32, WasmReader } from '../wasm/leb.js';
import { withCustomSection } from '../wasm/sections.js';

/**
 * The QuickJS template (engine-template.ts) as the build made it, kept in a
 * custom section of the metered module: a process takes the template's bytes
 * from there instead of running the template's steps (the prelude parsed and
 * run, some 15 to 20 ms of a cold start, in every CLI run, match worker and
 * Lambda or Workers cold start). The steps are deterministic (the template's
 * clock is frozen), so the stored template is the one the process would make;
 * a test checks that it is, byte for byte. A section made for another prelude
 * than this code's, or that does not read back whole, is not used.
 *
 * The section: a header (its length as a LEB128 u32, then JSON) and the runs'
 * bytes one after the other, in the header's order.
 */
export const ENGINE_SNAPSHOT_SECTION = 'umpire_engine_template';

/** A template's bytes and numbers, as engine-template.ts's EngineTemplate holds them. */
export interface TemplateImage {
  readonly runs: readonly { readonly start: number; readonly bytes: Uint8Array }[];
  readonly runtime: number;
  readonly context: number;
  readonly setup: number;
  readonly preludeFuel: number;
}

interface Header {
  readonly prelude: string;
  readonly runtime: number;
  readonly context: number;
  readonly setup: number;
  readonly preludeFuel: number;
  /** Each run's start and length in bytes. */
  readonly runs: readonly (readonly [number, number])[];
}

/** A short digest of the prelude's text (FNV-1a over its UTF-16 units): which prelude a template ran. */
export function preludeDigest(prelude: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < prelude.length; i++) hash = Math.imul(hash ^ prelude.charCodeAt(i), 0x01000193) >>> 0;
  return `${prelude.length}-${hash.toString(16)}`;
}

/** `module` (its bytes) with the template appended as its custom section. */
export function withTemplateSnapshot(
  module: Uint8Array,
  template: TemplateImage,
  prelude: string,
): Uint8Array<ArrayBuffer> {
  const header: Header = {
    prelude: preludeDigest(prelude),
    runtime: template.runtime,
    context: template.context,
    setup: template.setup,
    preludeFuel: template.preludeFuel,
    runs: template.runs.map((r) => [r.start, r.bytes.length]),
  };
  const json = new TextEncoder().encode(JSON.stringify(header));
  const payload = concat([new Uint8Array(encodeU32(json.length)), json, ...template.runs.map((r) => r.bytes)]);
  return withCustomSection(module, ENGINE_SNAPSHOT_SECTION, payload);
}

const isCount = (n: unknown): n is number => Number.isSafeInteger(n) && (n as number) >= 0;

/** The template the build stored in `module` for `prelude`, or null when it has none that reads back whole. */
export function templateSnapshotOf(
  module: WebAssembly.Module,
  prelude: string,
  memoryBytes: number,
): TemplateImage | null {
  const [section] = WebAssembly.Module.customSections(module, ENGINE_SNAPSHOT_SECTION);
  if (!section) return null;
  const bytes = new Uint8Array(section);
  let header: Header;
  let from: number;
  try {
    const reader = new WasmReader(bytes);
    const headerLength = reader.u32();
    from = reader.pos + headerLength;
    header = JSON.parse(new TextDecoder().decode(bytes.subarray(reader.pos, from))) as Header;
  } catch {
    return null;
  }
  if (header?.prelude !== preludeDigest(prelude) || !Array.isArray(header.runs)) return null;
  if (![header.runtime, header.context, header.setup, header.preludeFuel].every(isCount)) return null;
  let end = 0;
  const runs: { start: number; bytes: Uint8Array }[] = [];
  for (const run of header.runs) {
    const [start, length] = Array.isArray(run) ? run : [];
    if (!isCount(start) || !isCount(length) || start < end || start + length > memoryBytes) return null;
    if (from + length > bytes.length) return null;
    runs.push({ start, bytes: bytes.subarray(from, from + length) });
    from += length;
    end = start + length;
  }
  if (from !== bytes.length) return null;
  return {
    runs,
    runtime: header.runtime,
    context: header.context,
    setup: header.setup,
    preludeFuel: header.preludeFuel,
  };
}
