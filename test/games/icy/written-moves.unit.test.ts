import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MAP,
  applyTurn,
  formatAction,
  historyFromActions,
  initialState,
  parseActionLine,
  ruleSet,
  verifyHistory,
  writtenMove,
  type Action,
} from '../../../src/games/icy/index.js';
import { actions, openField, place } from './scenario.js';

const rules = ruleSet('queue2011');

function action(line: string): Action {
  const p = parseActionLine(line);
  if (!p.ok) throw new Error(line);
  return p.action;
}

/** How the original writes `line` sent for a child standing at (10, 10). */
const written = (line: string) => formatAction(writtenMove(action(line), { x: 10, y: 10 }));

describe('moves as the original writes them', () => {
  it('writes the seven kinds it rejects on sight as idle', () => {
    const rejected = [
      ['run 10 31', 'catch -1 5', 'pickup 31 10', 'drop 10 -1', 'crawl 31 31'], // a target off the field
      ['pickup 12 10', 'pickup 10 10'], // pickup not from a neighbouring space
      ['drop 10 8', 'drop 10 10'], // drop not to a neighbouring space
      ['run 12 11', 'run 13 10'], // run too far
      ['run 10 10'], // run to its own space
      ['crawl 11 11', 'crawl 12 10'], // crawl too far (a diagonal step is too far)
      ['crawl 10 10'], // crawl to its own space
    ];
    for (const line of rejected.flat()) expect(written(line), line).toBe('idle');
  });

  it('writes every other move as sent, those canceled later in the turn included', () => {
    const kept = [
      'idle',
      'crouch',
      'stand',
      'crush',
      'throw 40 -7', // off the field, but throws are never rewritten
      'throw 10 10',
      'throw 30 30', // too far: canceled during the turn
      'catch 10 10',
      'catch 30 30',
      'pickup 11 11',
      'drop 9 9',
      'run 12 10',
      'run 11 11',
      'run 8 10',
      'crawl 11 10',
      'crawl 10 9',
    ];
    for (const line of kept) expect(written(line), line).toBe(line);
  });

  it('judges a move from the child’s own space at the start of the turn', () => {
    expect(formatAction(writtenMove(action('run 2 2'), { x: 0, y: 2 }))).toBe('run 2 2');
    expect(formatAction(writtenMove(action('run 2 2'), { x: 0, y: 0 }))).toBe('idle');
  });

  it('plays the written move and the sent one to the same state', () => {
    const s = openField();
    place(s, 0, 10, 10);
    place(s, 1, 5, 5, { standing: false });
    const sent = actions({ 0: 'run 13 10', 1: 'crawl 6 6', 4: 'pickup 40 40', 5: 'drop 27 29' });
    const asWritten = sent.map((a, c) => writtenMove(a, s.children[c]!));
    expect(asWritten.map(formatAction)).toEqual(['idle', 'idle', 'idle', 'idle', 'idle', 'idle', 'idle', 'idle']);
    expect(applyTurn(s, asWritten, rules).state).toEqual(applyTurn(s, sent, rules).state);
  });

  it('turn histories written by umpire carry the moves as the original writes them', () => {
    const history = historyFromActions(DEFAULT_MAP, rules, [
      ['run 0 5', 'crouch', 'throw 40 40', 'pickup 3 0', 'idle', 'idle', 'idle', 'idle'],
    ]);
    const block = history.split('\n').slice(2 + 31 + 8, 2 + 31 + 16);
    expect(block).toEqual(['idle', 'crouch', 'throw 40 40', 'pickup 3 0', 'idle', 'idle', 'idle', 'idle']);
    expect(verifyHistory(new TextEncoder().encode(history), rules).mismatch).toBeNull();
    expect(initialState(DEFAULT_MAP).children[0]).toMatchObject({ x: 0, y: 2 });
  });
});

describe('verify-turns compares the recorded moves', () => {
  const original = gunzipSync(readFileSync('test/fixtures/icy-queue2011/c03_map3_cc.turns.gz')).toString('latin1');

  it('accepts the original’s own history', () => {
    expect(verifyHistory(new TextEncoder().encode(original), rules).mismatch).toBeNull();
  });

  it('reports a move the original would have written as idle, though the states agree', () => {
    const lines = original.split('\n');
    // Turn 10's block: its first move line is red child 0's.
    const first = lines.findIndex((l, i) => l === '10' && i > 0 && lines[i - 1] === '');
    const move = first + 2 + 31 + 8;
    lines[move] = 'run 45 45';
    const v = verifyHistory(new TextEncoder().encode(lines.join('\n')), rules);
    expect(v.mismatch).toEqual({
      turn: 10,
      message: 'move of child 0: recorded "run 45 45", the original writes "idle"',
    });
  });
});
