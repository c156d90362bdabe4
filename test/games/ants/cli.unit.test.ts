import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../../src/cli/main.js';

async function cli(args: string[]): Promise<{ code: number; out: string }> {
  const lines: string[] = [];
  const code = await runCli(
    args,
    (l) => lines.push(l),
    (l) => lines.push(l),
  );
  return { code, out: lines.join('\n') };
}

describe('umpire match --game ants', () => {
  it('prints the winner and the scores as JSON', async () => {
    const { code, out } = await cli([
      'match',
      '--game',
      'ants',
      '--red',
      'src/games/ants/bots/example.ant',
      '--black',
      'src/games/ants/bots/example.ant',
      '--world',
      'src/games/ants/maps/sample0.world',
      '--seed',
      '12345',
      '--rounds',
      '10000',
    ]);
    expect(code).toBe(0);
    const result = JSON.parse(out);
    expect(result).toMatchObject({
      winner: 'black',
      scores: { red: 0, black: 7 },
      rounds: 10000,
      world: 'sample0.world',
    });
  });

  it('writes a replay with snapshots and the food per round', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ants-cli-'));
    const out = join(dir, 'r.json.gz');
    const { code } = await cli([
      'match',
      '--game=ants',
      '--red',
      'src/games/ants/bots/homing.ant',
      '--black',
      'src/games/ants/bots/example.ant',
      '--world',
      'generated:7',
      '--seed',
      '3',
      '--rounds',
      '12000',
      '--out',
      out,
    ]);
    expect(code).toBe(0);
    const replay = JSON.parse(gunzipSync(readFileSync(out)).toString());
    expect(replay.format).toBe('umpire-ants-replay/1');
    expect(replay.snapshots.map((s: { round: number }) => s.round)).toEqual([0, 5000, 10000]);
    expect(replay.food[0][0]).toBe(0);
    const last = replay.food[replay.food.length - 1];
    expect([last[1], last[2]]).toEqual([replay.result.scores.red, replay.result.scores.black]);
  });

  it('a brain with an error forfeits with the line and the problem', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ants-cli-'));
    const bad = join(dir, 'bad.ant');
    writeFileSync(bad, 'Move 0 0\nMark 7 0\n');
    const { code, out } = await cli([
      'match',
      '--game',
      'ants',
      '--red',
      bad,
      '--black',
      'src/games/ants/bots/example.ant',
      '--rounds',
      '10',
    ]);
    expect(code).toBe(0);
    expect(JSON.parse(out)).toMatchObject({
      winner: 'black',
      decidedBy: 'forfeit',
      forfeits: { red: { code: 'BRAIN_INVALID', message: 'line 2 (state 1): marker 7 is outside 0-5' } },
    });
  });

  it('rejects an unknown world and a bad option with a message', async () => {
    expect(
      await cli([
        'match',
        '--game',
        'ants',
        '--red',
        'src/games/ants/bots/example.ant',
        '--black',
        'src/games/ants/bots/example.ant',
        '--world',
        'nowhere',
      ]),
    ).toMatchObject({ code: 1, out: expect.stringMatching(/no world named 'nowhere'/) });
    expect(
      await cli([
        'match',
        '--game',
        'ants',
        '--red',
        'src/games/ants/bots/example.ant',
        '--black',
        'src/games/ants/bots/example.ant',
        '--rounds',
        '0',
      ]),
    ).toMatchObject({ code: 2, out: expect.stringMatching(/--rounds must be at least 1/) });
    expect(await cli(['match', '--game', 'chess', '--red', 'a', '--blue', 'b'])).toMatchObject({
      code: 2,
      out: expect.stringMatching(/--game takes icy, ants, blockdrop or capture/),
    });
  });
});
