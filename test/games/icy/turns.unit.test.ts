import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MAP,
  blockActions,
  formatTurns,
  initialState,
  parseTurns,
  playTurn,
  ruleSet,
  verifyHistory,
  type Action,
  type IcyState,
} from '../../../src/games/icy/index.js';

const rules = ruleSet('queue2011');

describe('the original turn-history format', () => {
  it('writes back, byte for byte, a history it read and replayed', () => {
    const original = gunzipSync(readFileSync('test/fixtures/icy-queue2011/c03_map3_cc.turns.gz'));
    const parsed = parseTurns(original, rules);
    if (!parsed.ok) throw new Error(parsed.problems[0].message);
    const v = verifyHistory(original, rules, { keepStates: true });
    const moves = parsed.value.map((b) => blockActions(b.moves));
    expect(formatTurns(v.states, moves, rules)).toBe(original.toString('latin1'));
  });

  it('writes games our engine plays in a form verify-turns accepts', () => {
    let seed = 99;
    const random = (k: number) => (seed = (seed * 48271) % 2147483647) % k;
    const words = ['run', 'crawl', 'pickup', 'drop', 'throw', 'catch', 'crouch', 'stand', 'crush'];
    let s: IcyState = initialState(DEFAULT_MAP);
    const states = [s];
    const moves: Action[][] = [];
    for (let turn = 0; turn < 180; turn++) {
      const answer = () =>
        Array.from({ length: 4 }, () =>
          `${words[random(9)]} ${random(31)} ${random(31)}`.replace(/^(crouch|stand|crush) .*/, '$1'),
        ).join('\n');
      const t = playTurn(s, answer(), answer(), rules);
      moves.push([...t.actions]);
      s = t.state;
      states.push(s);
    }
    const text = formatTurns(states, moves, rules);
    const v = verifyHistory(new TextEncoder().encode(text), rules);
    expect(v.mismatch).toBeNull();
    expect(v.count).toBe(181);
  });

  it('rejects garbage with a line number', () => {
    const p = parseTurns('0\n0 0\n3a 3a\n', rules);
    expect(p.ok).toBe(false);
    expect(!p.ok && p.problems[0]).toEqual({ code: 'TURNS_SYNTAX', message: 'line 3: bad space at x = 0, y = 2' });
    const e = parseTurns('\n\n-1', rules);
    expect(!e.ok && e.problems[0].code).toBe('TURNS_EMPTY');
  });
});
