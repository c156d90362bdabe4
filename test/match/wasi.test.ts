import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MAP, ruleSet } from '../../src/games/icy/index.js';
import { icyGame } from '../../src/games/icy/game.js';
import { runMatch } from '../../src/match/run-match.js';
import { nodeBotLoader } from '../../src/sandbox/node-sources.js';
import type { Bundle } from '../../src/sandbox/types.js';
import { assemble } from '../sandbox/wat.js';

// src/games/icy/bots/hunter.c is a classic stdin/stdout player; the build compiles it for
// wasm32-wasi when the C toolchain is installed (.ci/run installs it).
const C_PLAYER = 'build/bots/hunter-wasi.wasm';
const options = { rules: ruleSet('queue2011'), map: DEFAULT_MAP };
const play = (red: Bundle, blue: Bundle) =>
  runMatch({ game: icyGame, options, seed: 5, bots: [red, blue], load: nodeBotLoader });
const js = (path: string): Bundle => ({ kind: 'js', code: readFileSync(path, 'utf8') });

describe.skipIf(!existsSync(C_PLAYER))('WASI command modules', () => {
  it('a C player compiled for wasm32-wasi plays unchanged, move for move like the same strategy in JS', async () => {
    const wasi = await play(
      { kind: 'wasm', code: new Uint8Array(readFileSync(C_PLAYER)) },
      js('src/games/icy/bots/planter.js'),
    );
    const same = await play(js('src/games/icy/bots/hunter.js'), js('src/games/icy/bots/planter.js'));
    expect(wasi.result.seats[0]).toMatchObject({ errors: 0, crashes: 0, overBudget: 0 });
    expect(wasi.replay.turns.map((t) => t.answers[0])).toEqual(same.replay.turns.map((t) => t.answers[0]));
    expect(wasi.result.scores).toEqual(same.result.scores);
  }, 60_000);

  it('a player that exits is restarted, then retired', async () => {
    // A C program whose main returns at once, `int main(void) { return 0; }`, as WASI: _start calls proc_exit(0).
    const bytes = assemble(`(module
      (import "wasi_snapshot_preview1" "proc_exit" (func $exit (param i32)))
      (memory (export "memory") 1)
      (func (export "_start") (call $exit (i32.const 0))))`);
    const r = await play({ kind: 'wasm', code: bytes }, js('src/games/icy/bots/idle.js'));
    expect(r.result.turns).toBe(180);
    const calls = r.replay.turns.map((t) => t.calls[0]!);
    expect(calls[0]).toEqual({ fuel: expect.any(Number) });
    expect(calls[1]!.detail).toBe('the program has exited; reloaded next turn');
    expect(calls.slice(8).every((c) => c.failure === 'retired')).toBe(true);
  }, 60_000);
});
