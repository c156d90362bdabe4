import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { DEFAULT_MAP, ruleSet } from '../../src/games/icy/index.js';
import { icyGame } from '../../src/games/icy/game.js';
import { runMatch } from '../../src/match/run-match.js';
import { nodeBotLoader } from '../../src/sandbox/node-sources.js';
import type { Bundle } from '../../src/sandbox/types.js';

const options = { rules: ruleSet('queue2011'), map: DEFAULT_MAP };
const file = (path: string): Bundle => ({ kind: 'js', code: readFileSync(path, 'utf8'), name: path });
const play = (red: Bundle, blue: Bundle, seed: number) =>
  runMatch({ game: icyGame, options, seed, bots: [red, blue], load: nodeBotLoader });

describe('determinism in fuel mode', () => {
  it('the same bots, map, seed and budgets give a byte-identical replay', async () => {
    const a = await play(file('src/games/icy/bots/hunter.js'), file('src/games/icy/bots/planter.js'), 11);
    const b = await play(file('src/games/icy/bots/hunter.js'), file('src/games/icy/bots/planter.js'), 11);
    expect(JSON.stringify(b.replay)).toBe(JSON.stringify(a.replay));
    expect(b.result).toEqual(a.result);
    expect(a.result.scores[1]).toBeGreaterThan(0);
  }, 60_000);

  it('the seed drives Math.random: another seed, another game', async () => {
    const a = await play(file('src/games/icy/bots/random.js'), file('src/games/icy/bots/random.js'), 5);
    const b = await play(file('src/games/icy/bots/random.js'), file('src/games/icy/bots/random.js'), 5);
    const c = await play(file('src/games/icy/bots/random.js'), file('src/games/icy/bots/random.js'), 6);
    expect(JSON.stringify(b.replay)).toBe(JSON.stringify(a.replay));
    expect(JSON.stringify(c.replay)).not.toBe(JSON.stringify(a.replay));
    // The two seats draw different numbers from the same match seed.
    expect(a.replay.turns[0]!.answers[0]).not.toBe(a.replay.turns[0]!.answers[1]);
  }, 60_000);

  it('Date is a virtual clock: a fixed epoch, one second per turn, plus fuel used', async () => {
    const clock: Bundle = {
      kind: 'js',
      // Busy on its first call only (enough fuel to move the clock), to keep the two matches short.
      code: `let calls = 0; export default function () { const t = Date.now(); let x = 0; if (calls++ === 0) for (let i = 0; i < 1e5; i++) x += i; console.log(t, Date.now() - t > 0, new Date().getUTCFullYear(), Math.random()); return 'idle'; }`,
    };
    const a = await play(clock, clock, 9);
    const b = await play(clock, clock, 9);
    expect(a.result.seats[0]!.log).toBe(b.result.seats[0]!.log);
    const first = a.result.seats[0]!.log.split('\n')
      .slice(0, 2)
      .map((l) => l.split(' '));
    expect(Number(first[1]![0]) - Number(first[0]![0])).toBe(1000);
    expect(first[0]![1]).toBe('true');
    expect(first[0]![2]).toBe('2011');
  }, 60_000);

  it('`umpire match` writes the same replay twice, and a turn history verify-turns accepts', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'umpire-'));
    const run = (out: string, turns: string) =>
      JSON.parse(
        execFileSync(
          process.execPath,
          [
            'bin/umpire.mjs',
            'match',
            '--red',
            'src/games/icy/bots/hunter.js',
            '--blue',
            'build/bots/hunter.wasm',
            '--seed',
            '3',
            '--out',
            out,
            '--turns',
            turns,
          ],
          {
            encoding: 'utf8',
          },
        ),
      );
    const first = run(join(dir, 'a.json.gz'), join(dir, 'a.turns'));
    const second = run(join(dir, 'b.json.gz'), join(dir, 'b.turns'));
    expect(second).toEqual(first);
    expect(first).toMatchObject({ forfeit: null, turns: 180, rules: 'queue2011', seed: 3 });
    expect(['red', 'blue', 'draw']).toContain(first.winner);
    expect(first.bots.blue.fuel).toBeGreaterThan(0);
    expect(readFileSync(join(dir, 'b.json.gz'))).toEqual(readFileSync(join(dir, 'a.json.gz')));
    const replay = JSON.parse(gunzipSync(readFileSync(join(dir, 'a.json.gz'))).toString());
    expect(replay).toMatchObject({ format: 'umpire-replay', version: 1, result: { turns: 180 } });
    expect(replay.turns).toHaveLength(180);
    const lines: string[] = [];
    expect(
      await runCli(
        ['verify-turns', join(dir, 'a.turns')],
        (l) => lines.push(l),
        (l) => lines.push(l),
      ),
    ).toBe(0);
    expect(lines).toEqual([`${join(dir, 'a.turns')}: ok (181 states)`]);
  }, 120_000);

  it('`umpire match` names the side that forfeits', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'umpire-'));
    const broken = join(dir, 'broken.js');
    execFileSync('sh', ['-c', `echo 'export default function (' > ${broken}`]);
    const out: string[] = [];
    expect(
      await runCli(
        ['match', '--red', broken, '--blue', 'src/games/icy/bots/idle.js'],
        (l) => out.push(l),
        (l) => out.push(l),
      ),
    ).toBe(0);
    const r = JSON.parse(out.join('\n'));
    expect(r).toMatchObject({ winner: 'blue', forfeit: 'red', decidedBy: 'forfeit', turns: 0 });
    expect(r.bots.red.forfeit.code).toBe('BUNDLE_SYNTAX');
  }, 60_000);
});
