import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MAP, ruleSet } from '../../../src/games/icy/index.js';
import { icyGame } from '../../../src/games/icy/game.js';
import { type BotLoader, runMatch } from '../../../src/match/run-match.js';
import { INITIAL_PAGES } from '../../../src/sandbox/javascript/engine.js';
import {
  ENGINE_SNAPSHOT_SECTION,
  templateSnapshotOf,
  withTemplateSnapshot,
} from '../../../src/sandbox/javascript/engine-snapshot.js';
import { computeTemplate, makeTemplate } from '../../../src/sandbox/javascript/engine-template.js';
import { JsBot } from '../../../src/sandbox/javascript/js-bot.js';
import { PRELUDE } from '../../../src/sandbox/javascript/prelude.js';
import { SECTION, WASM_HEADER, readSections, withCustomSection } from '../../../src/sandbox/wasm/sections.js';
import { WasmReader, concat, encodeU32 } from '../../../src/sandbox/wasm/leb.js';

// The QuickJS template the build keeps in the engine's module (src/sandbox/javascript/engine-snapshot.ts):
// a process takes it instead of running the template's steps, so it must be exactly what they make.

const built = readFileSync('build/quickjs-metered.wasm');
const MEMORY = INITIAL_PAGES * 65536;

/** The stored template's section in `bytes`: where its payload (after its name) starts and ends. */
function snapshotSection(bytes: Uint8Array): { payload: number; end: number; size: number } {
  for (const section of readSections(bytes)) {
    if (section.id !== SECTION.custom) continue;
    const reader = new WasmReader(bytes, section.start, section.end);
    if (reader.name() === ENGINE_SNAPSHOT_SECTION)
      return { payload: reader.pos, end: section.end, size: section.end - section.start };
  }
  throw new Error('the module has no stored template');
}

/** The module's bytes without its stored template, the last section: what the build wrote before adding it. */
function withoutSnapshot(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  const { end, size } = snapshotSection(bytes);
  expect(end).toBe(bytes.length);
  return new Uint8Array(bytes.subarray(0, end - size - 1 - encodeU32(size).length));
}

/** A module of nothing but a stored-template section whose payload is `payload`. */
const moduleWith = (payload: Uint8Array) =>
  new WebAssembly.Module(withCustomSection(new Uint8Array(WASM_HEADER), ENGINE_SNAPSHOT_SECTION, payload));

const snapshotModule = new WebAssembly.Module(built);
const plainModule = new WebAssembly.Module(withoutSnapshot(built));

describe('the QuickJS template stored in the built engine', () => {
  it('is the template this process makes, byte for byte, with the same pointers and prelude fuel', () => {
    const stored = templateSnapshotOf(snapshotModule, PRELUDE, MEMORY);
    expect(stored).not.toBeNull();
    expect(templateSnapshotOf(plainModule, PRELUDE, MEMORY)).toBeNull();
    const made = computeTemplate(plainModule, INITIAL_PAGES).template;
    expect(stored!.runs.map((r) => r.start)).toEqual(made.runs.map((r) => r.start));
    stored!.runs.forEach((run, k) => expect(Buffer.compare(run.bytes, made.runs[k]!.bytes)).toBe(0));
    expect([stored!.runtime, stored!.context, stored!.setup, stored!.preludeFuel]).toEqual([
      made.runtime,
      made.context,
      made.setup,
      made.preludeFuel,
    ]);
  });

  it('plays a match exactly as a template made in the process does: the same replay, the same fuel', async () => {
    const options = { rules: ruleSet('queue2011'), map: DEFAULT_MAP };
    const bots = ['hunter.js', 'planter.js'].map((f) => ({
      kind: 'js' as const,
      code: readFileSync(`src/games/icy/bots/${f}`, 'utf8'),
    }));
    const loader =
      (module: WebAssembly.Module): BotLoader =>
      (bundle, ctx) =>
        JsBot.load(async () => module, bundle.code as string, ctx);
    const play = (module: WebAssembly.Module) =>
      runMatch({ game: icyGame, options, seed: 11, bots, load: loader(module) });
    const fromSnapshot = await play(snapshotModule);
    const fromSteps = await play(plainModule);
    expect(JSON.stringify(fromSnapshot.replay)).toBe(JSON.stringify(fromSteps.replay));
    expect(fromSnapshot.result.seats.map((s) => s.fuel)).toEqual(fromSteps.result.seats.map((s) => s.fuel));
    expect(fromSnapshot.result.seats.map((s) => s.log)).toEqual(fromSteps.result.seats.map((s) => s.log));
  }, 60_000);

  it('is not used for another prelude, nor when its section does not read back whole', () => {
    const plain = withoutSnapshot(built);
    const { template } = makeTemplate(plainModule, INITIAL_PAGES);
    const section = (bytes: Uint8Array<ArrayBuffer>) => new WebAssembly.Module(bytes);
    expect(templateSnapshotOf(section(withTemplateSnapshot(plain, template, PRELUDE)), PRELUDE, MEMORY)).not.toBeNull();
    expect(
      templateSnapshotOf(section(withTemplateSnapshot(plain, template, `${PRELUDE};`)), PRELUDE, MEMORY),
    ).toBeNull();
    // A run past the memory, runs out of order, a header that is not JSON, bytes cut short or left over.
    const broken = [
      { ...template, runs: [{ start: MEMORY - 10, bytes: new Uint8Array(20) }] },
      { ...template, runs: [...template.runs].reverse() },
      { ...template, preludeFuel: -1 },
    ];
    for (const t of broken)
      expect(templateSnapshotOf(section(withTemplateSnapshot(plain, t, PRELUDE)), PRELUDE, MEMORY)).toBeNull();
    const whole = withTemplateSnapshot(plain, template, PRELUDE);
    const payload = whole.subarray(snapshotSection(whole).payload);
    expect(templateSnapshotOf(moduleWith(payload), PRELUDE, MEMORY)).not.toBeNull();
    expect(templateSnapshotOf(moduleWith(payload.subarray(0, payload.length - 1)), PRELUDE, MEMORY)).toBeNull();
    expect(templateSnapshotOf(moduleWith(concat([payload, new Uint8Array([0])])), PRELUDE, MEMORY)).toBeNull();
    expect(
      templateSnapshotOf(moduleWith(new Uint8Array([5, 0x7b, 0x7b, 0x7b, 0x7b, 0x7b])), PRELUDE, MEMORY),
    ).toBeNull();
    expect(
      templateSnapshotOf(moduleWith(new Uint8Array([0xff, 0xff, 0xff, 0xff, 0xff, 0xff])), PRELUDE, MEMORY),
    ).toBeNull();
  });
});
