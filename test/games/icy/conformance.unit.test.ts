import { readFileSync, readdirSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../../src/cli/main.js';
import { BLUE, RED, compareView, result, ruleSet, verifyHistory } from '../../../src/games/icy/index.js';

const rules = ruleSet('queue2011');
const GAMES = 'test/fixtures/icy-queue2011';
const VIEWS = 'test/fixtures/icy-queue2011-views';
const games = readdirSync(GAMES).filter((f) => f.endsWith('.turns.gz'));
const read = (path: string) => gunzipSync(readFileSync(path));

describe('the 2011 conformance corpus', () => {
  it('holds the games it should', () => {
    expect(games.length).toBe(36);
  });

  it.each(games)('%s replays exactly', (file) => {
    const v = verifyHistory(read(`${GAMES}/${file}`), rules);
    expect(v.mismatch).toBeNull();
    expect(v.count).toBe(181);
  });

  const manifest = readFileSync(`${GAMES}/MANIFEST.tsv`, 'utf8').trim().split('\n').slice(1);
  it.each(manifest.map((row) => row.split('\t')))(
    '%s ends with the score, tie-breakers and winner the original printed',
    (file, _map, _red, _blue, outcome, final) => {
      const v = verifyHistory(read(`${GAMES}/${file}`), rules, { keepStates: true });
      const r = result(v.states[v.states.length - 1]!);
      expect(
        `${r.score[0]} (${r.hitScore[0]} ${r.domainSum[0]}) ${r.score[1]} (${r.hitScore[1]} ${r.domainSum[1]})`,
      ).toBe(final);
      expect(r.winner).toBe(outcome === 'Tie' ? 'draw' : outcome === 'Winner: 0' ? 'red' : 'blue');
    },
  );

  const viewGames = readdirSync(VIEWS)
    .filter((f) => f.endsWith('.turns.gz'))
    .map((f) => f.replace('.turns.gz', ''));
  it.each(viewGames)('%s: each player is sent exactly the recorded bytes', (name) => {
    const v = verifyHistory(read(`${VIEWS}/${name}.turns.gz`), rules, { keepStates: true });
    expect(v.mismatch).toBeNull();
    for (const [team, side] of [
      [RED, 'red'],
      [BLUE, 'blue'],
    ] as const) {
      const recorded = read(`${VIEWS}/${name}.${side}.txt.gz`).toString('latin1');
      expect(compareView(v.states, team, rules, recorded)).toBeNull();
    }
  });

  it('passes `umpire verify-turns` on every game and view in one call', async () => {
    const lines: string[] = [];
    const files = [...games.map((f) => `${GAMES}/${f}`)];
    expect(
      await runCli(
        ['verify-turns', ...files],
        (l) => lines.push(l),
        (l) => lines.push(l),
      ),
    ).toBe(0);
    expect(lines).toEqual(files.map((f) => `${f}: ok (181 states)`));
    for (const name of viewGames) {
      const out: string[] = [];
      const code = await runCli(
        [
          'verify-turns',
          `${VIEWS}/${name}.turns.gz`,
          '--red-view',
          `${VIEWS}/${name}.red.txt.gz`,
          '--blue-view',
          `${VIEWS}/${name}.blue.txt.gz`,
        ],
        (l) => out.push(l),
        (l) => out.push(l),
      );
      expect(out).toEqual([`${VIEWS}/${name}.turns.gz: ok (181 states, red and blue view ok)`]);
      expect(code).toBe(0);
    }
  });
});

describe('verification catches what differs', () => {
  const original = read(`${GAMES}/g00_default_0.turns.gz`).toString('latin1').split('\n');
  // Blocks are 49 lines plus a blank line: turn, score, 31 rows, 8 children, 8 moves.
  const block = (t: number) => t * 50;
  const verify = (lines: string[]) => verifyHistory(new TextEncoder().encode(lines.join('\n')), rules).mismatch;

  it('a changed space', () => {
    const lines = original.slice();
    const row = block(100) + 2 + 10;
    lines[row] = lines[row]!.replace(/^3a/, '4a');
    expect(verify(lines)).toEqual({ turn: 100, message: 'space (10, 0): expected 4a, got 3a' });
  });

  it('a changed move', () => {
    const lines = original.slice();
    const move = block(50) + 41;
    expect(lines[move]).toBe('crouch');
    lines[move] = 'idle';
    expect(verify(lines)).toEqual({ turn: 51, message: 'child 0: expected 7 17 C a 0, got 7 17 S a 0' });
  });

  it('a changed score', () => {
    const lines = original.slice();
    lines[block(170) + 1] = '1 2';
    expect(verify(lines)?.message).toBe('score: expected 1 2, got 880 782');
  });

  it('a changed view byte', () => {
    const v = verifyHistory(read(`${VIEWS}/v1_planter_vs_hunter.turns.gz`), rules, { keepStates: true });
    const recorded = read(`${VIEWS}/v1_planter_vs_hunter.red.txt.gz`).toString('latin1');
    const changed = recorded.replace('\n0 2 S a 0\n', '\n0 2 C a 0\n');
    expect(compareView(v.states, RED, rules, changed)?.message).toBe(
      'turn 0, line 34 of its block: expected "0 2 C a 0", got "0 2 S a 0"',
    );
  });

  it('a truncated or foreign file, without throwing', () => {
    const truncated = new TextEncoder().encode(original.slice(0, 333).join('\n'));
    expect(verifyHistory(truncated, rules).mismatch?.message).toMatch(/^not a turn history: line \d+: /);
    expect(verifyHistory(new TextEncoder().encode('hello\n'), rules).mismatch?.message).toBe(
      'not a turn history: line 1: expected a number',
    );
    expect(verifyHistory(new Uint8Array(0), rules).mismatch?.message).toBe('no turns in the file');
  });
});
