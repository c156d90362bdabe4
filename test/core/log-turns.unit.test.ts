import { describe, expect, it } from 'vitest';
import { LogTurnMarker, logPartAt } from '../../src/core/log-turns.js';
import type { GameRules } from '../../src/core/game-rules.js';
import { runMatch } from '../../src/match/run-match.js';
import { BotLog, LOG_CUT_NOTE } from '../../src/sandbox/bot-log.js';
import type { Bot, BotLoader } from '../../src/sandbox/types.js';

// Where each turn's part of a seat's log ends: marked while a match is played, bounded, and read back per turn.

/** Two seats, four turns, each seat answers with anything. */
const fourTurns: GameRules<number, null, null> = {
  id: 'four-turns',
  players: () => ['a', 'b'],
  setup: () => 0,
  toAnswer: () => [0, 1],
  observe: (turn) => String(turn),
  step: (turn) => ({ state: turn + 1, record: null }),
  isOver: (turn) => turn >= 4,
  result: () => ({ winner: null, scores: [0, 0], details: {} }),
};

/** A bot that writes `line` on every call into a log capped at `cap` characters. */
function capped(cap: number, line: string): Bot {
  const log = new BotLog(cap);
  return {
    crashes: 0,
    async act() {
      log.write(line);
      return { output: '', fuel: 1 };
    },
    log: () => log.text,
    dispose() {},
  };
}

/** A bot that writes `lines[turn]` (when there is one) on each call, after `onLoad` when loaded. */
function writer(onLoad: string, lines: Record<number, string>): Bot {
  let log = onLoad;
  return {
    crashes: 0,
    async act(input) {
      const line = lines[Number(input)];
      if (line !== undefined) log += (log ? '\n' : '') + line;
      return { output: '', fuel: 1 };
    },
    log: () => log,
    dispose() {},
  };
}

const budgets = { loadFuel: 1, firstTurnFuel: 1, turnFuel: 1, timeBankFuel: 0 };

describe('log turns', () => {
  it('marks only the turns that wrote, the load as turn -1, and reads each turn back', async () => {
    const bots = [writer('hello', { 1: 'one', 3: 'three' }), writer('', { 0: 'zero' })];
    // The seats are loaded in seat order.
    let next = 0;
    const load: BotLoader = async () => ({ ok: true, bot: bots[next++]! });
    const out = await runMatch({
      game: fourTurns,
      options: null,
      seed: 1,
      budgets,
      bots: [
        { kind: 'js', code: 'a' },
        { kind: 'js', code: 'b' },
      ],
      load,
    });
    const [a, b] = out.logTurns;
    const logA = out.result.seats[0]!.log;
    expect(logA).toBe('hello\none\nthree');
    expect(a).toEqual({
      marks: [
        [-1, 5],
        [1, 9],
        [3, 15],
      ],
    });
    expect(b).toEqual({ marks: [[0, 4]] });
    expect([-1, 0, 1, 2, 3, 4].map((t) => logPartAt(logA, a!, t).text)).toEqual([
      'hello',
      '',
      '\none',
      '',
      '\nthree',
      '',
    ]);
    expect(logPartAt(out.result.seats[1]!.log, b!, 0)).toEqual({ text: 'zero' });
  });

  it("stops marking once the log is full: the cut turn's part ends with the note", async () => {
    const bots = [capped(10, 'abcd'), capped(100, '')];
    let next = 0;
    const out = await runMatch({
      game: fourTurns,
      options: null,
      seed: 1,
      budgets,
      bots: [
        { kind: 'js', code: 'a' },
        { kind: 'js', code: 'b' },
      ],
      load: async () => ({ ok: true, bot: bots[next++]! }),
    });
    const log = out.result.seats[0]!.log;
    expect(log).toBe(`abcdabcdab${LOG_CUT_NOTE}`);
    const turns = out.logTurns[0]!;
    expect(turns).toEqual({
      marks: [
        [0, 4],
        [1, 8],
        [2, log.length],
      ],
    });
    expect(logPartAt(log, turns, 2).text).toBe(`ab${LOG_CUT_NOTE}`);
    expect(logPartAt(log, turns, 3).text).toBe('');
    expect(out.logTurns[1]).toEqual({ marks: [] });
  });

  it('keeps one mark per turn, adds nothing for a log that stopped growing at its cap', () => {
    const m = new LogTurnMarker();
    m.note(0, 10);
    m.note(0, 12);
    m.note(1, 12);
    m.note(2, 20);
    m.note(3, 20);
    expect(m.done()).toEqual({
      marks: [
        [0, 12],
        [2, 20],
      ],
    });
  });

  it('cuts past its bound: the rest of the log is one part for every later turn', () => {
    const m = new LogTurnMarker(3);
    for (let turn = 0; turn < 10; turn++) m.note(turn, (turn + 1) * 2);
    const turns = m.done();
    expect(turns).toEqual({
      marks: [
        [0, 2],
        [1, 4],
        [2, 6],
      ],
      cut: true,
    });
    const log = 'aabbccddeeffgghhiijj';
    expect(logPartAt(log, turns, 1)).toEqual({ text: 'bb' });
    expect(logPartAt(log, turns, 7)).toEqual({ text: 'ddeeffgghhiijj', rest: true });
  });
});
