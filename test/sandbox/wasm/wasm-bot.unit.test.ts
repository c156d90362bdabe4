import { describe, expect, it } from 'vitest';
import { nodeBotLoader } from '../../../src/sandbox/node-sources.js';
import { DEFAULT_LIMITS, type Bot, type LoadResult } from '../../../src/sandbox/types.js';
import { assemble } from '../wat.js';

// WebAssembly bots (the ABI of src/sandbox/wasm/wasm-bot.ts) loaded as the Node server loads them,
// metered and run in this process. No built engine is involved: the safety cap's factor is given,
// so nothing measures the host with QuickJS.

const FUEL = 10_000_000;
const load = (text: string): Promise<LoadResult> =>
  nodeBotLoader(
    { kind: 'wasm', code: assemble(text) },
    { limits: DEFAULT_LIMITS, seed: 1, loadFuel: FUEL, safetyCapFactor: 50 },
  );

async function loaded(text: string): Promise<Bot> {
  const result = await load(text);
  if (!result.ok) throw new Error(`${result.failure.code}: ${result.failure.message}`);
  return result.bot;
}

/** A bot whose `act` body is `body` (the input is at local 0, its length in local 1; it leaves an i64). */
const bot = (body: string, extra = '') => `(module
  (import "umpire" "log" (func $log (param i32 i32)))
  (memory (export "memory") 1)
  ${extra}
  (func (export "alloc") (param i32) (result i32) (i32.const 1024))
  (func (export "act") (param i32 i32) (result i64) ${body}))`;

/** Answers its input as it came: (ptr << 32) | len. */
const ECHO = bot('(i64.or (i64.shl (i64.extend_i32_u (local.get 0)) (i64.const 32)) (i64.extend_i32_u (local.get 1)))');

describe('WebAssembly bots', () => {
  it('answer through the ABI: the text act returns, for fuel that depends only on the work', async () => {
    const echo = await loaded(ECHO);
    const first = await echo.act('12 3\nsome turn', { fuel: FUEL });
    expect(first).toMatchObject({ output: '12 3\nsome turn' });
    expect(first.failure).toBeUndefined();
    expect(first.fuel).toBeGreaterThan(0);
    expect(first.fuel).toBeLessThan(FUEL);
    expect((await echo.act('12 3\nsome turn', { fuel: FUEL })).fuel).toBe(first.fuel);
    echo.dispose();
  });

  it('keep what they log with umpire.log', async () => {
    const logger = await loaded(
      bot('(call $log (i32.const 0) (i32.const 5)) (i64.const 0)', '(data (i32.const 0) "hello")'),
    );
    await logger.act('x', { fuel: FUEL });
    expect(logger.log()).toContain('hello');
    logger.dispose();
  });

  it('are stopped when a call uses up its fuel, and the failure says so', async () => {
    const spinner = await loaded(bot('(loop $forever (br $forever)) (i64.const 0)'));
    const r = await spinner.act('x', { fuel: 100_000 });
    expect(r).toMatchObject({ output: null, failure: 'over_budget' });
    expect(r.safetyCap).toBeUndefined();
    spinner.dispose();
  });

  it('are refused at load without the entries of the ABI, or with an import they are not offered', async () => {
    const noAct = await load(
      '(module (memory (export "memory") 1) (func (export "alloc") (param i32) (result i32) (i32.const 0)))',
    );
    expect(noAct).toMatchObject({ ok: false, failure: { code: 'BUNDLE_NO_ENTRY' } });
    expect(!noAct.ok && noAct.failure.message).toContain('act');
    const foreign = await load(
      bot('(i64.const 0)').replace('(module', '(module (import "env" "system" (func $system))'),
    );
    expect(foreign).toMatchObject({
      ok: false,
      failure: { code: 'BUNDLE_LINK', message: expect.stringContaining('env.system') },
    });
  });

  it('are refused at load when their bytes are not WebAssembly', async () => {
    const junk = await nodeBotLoader(
      { kind: 'wasm', code: new TextEncoder().encode('not a module') },
      { limits: DEFAULT_LIMITS, seed: 1, loadFuel: FUEL, safetyCapFactor: 50 },
    );
    expect(junk).toMatchObject({ ok: false, failure: { code: 'BUNDLE_INVALID' } });
  });
});
