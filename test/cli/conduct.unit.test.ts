import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';

/** `umpire match` in this process: its exit code, its summary and its stderr lines. */
async function match(argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(
    ['match', ...argv],
    (l) => out.push(l),
    (l) => err.push(l),
  );
  return { code, summary: JSON.parse(out.join('\n')), err };
}

describe('umpire match names the failures of block drop and ants bots', () => {
  it('block drop: a bot that prints READY, then words that are no command, made no valid move', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'umpire-conduct-'));
    const talker = join(dir, 'talker.js');
    writeFileSync(talker, "export default (input) => (input.trim() === '' ? 'READY' : 'jump');\n");
    const random = 'src/games/blockdrop/bots/random.js';
    const r = await match(['--game', 'blockdrop', '--bot', random, '--bot', talker, '--bot', random, '--bot', random]);
    expect(r.code).toBe(0);
    expect(r.summary.noValidMove).toEqual(['1']);
    expect(r.summary.conduct['1'].validMoves).toBe(0);
    expect(r.summary.conduct['1'].firstFailure).toEqual({
      turn: 1,
      code: 'invalid_move',
      message: "not a command: 'jump'",
    });
    expect(r.summary.conduct['0'].firstFailure).toBeNull();
    expect(r.err).toEqual([expect.stringContaining(`seat 1 (${talker}) made no valid move`)]);
  }, 20_000);

  it('ants: brains make no invalid moves, so only a forfeit is a failure', async () => {
    const r = await match([
      '--game',
      'ants',
      '--red',
      'src/games/ants/bots/homing.ant',
      '--black',
      'src/games/ants/bots/example.ant',
      '--world',
      'tiny',
      '--rounds',
      '50',
      '--strict',
    ]);
    expect(r.code).toBe(0);
    expect(r.summary.conduct).toEqual({
      red: { asked: 50, validMoves: null, firstFailure: null },
      black: { asked: 50, validMoves: null, firstFailure: null },
    });
    expect(r.summary.noValidMove).toEqual([]);
    expect(r.err).toEqual([]);
  });
});
