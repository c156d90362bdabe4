import { describe, expect, it } from 'vitest';
import { STALLED } from '../../../src/games/blockdrop/game.js';
import {
  appendAnswer,
  NO_OUTPUT,
  readHandshake,
  readLine,
  type OutputLines,
} from '../../../src/games/blockdrop/output-lines.js';
import { replayInUmpire } from './engine-record.js';

// A bot's answers as the engine reads them: one stream of lines, one line a turn.

const lines = (...answers: string[]) => answers.reduce((out: OutputLines, a) => appendAnswer(out, a), NO_OUTPUT);

describe('a bot’s output as a stream of lines', () => {
  it('cuts lines at \\n, \\r and \\r\\n, ending an answer’s last line when the bot left it open', () => {
    expect(lines('A')).toEqual({ lines: ['A'], afterCR: false });
    expect(lines('A\nB\r\nC\rD')).toEqual({ lines: ['A', 'B', 'C', 'D'], afterCR: false });
    expect(lines('')).toEqual({ lines: [''], afterCR: false });
    expect(lines('\n\n')).toEqual({ lines: ['', ''], afterCR: false });
  });

  it('takes a \\n after a \\r that ended the previous answer as the end of that line, not as a line', () => {
    expect(lines('A\r')).toEqual({ lines: ['A'], afterCR: true });
    expect(lines('A\r', '\nB')).toEqual({ lines: ['A', 'B'], afterCR: false });
    // Nothing but that \n: the bot wrote no line this time.
    expect(lines('A\r', '\n')).toEqual({ lines: ['A'], afterCR: false });
    expect(lines('A\r', '\n', '\n')).toEqual({ lines: ['A', ''], afterCR: false });
  });

  it('reads one line at a time, oldest first; none when the bot wrote none', () => {
    const first = readLine(lines('N\nA'));
    expect(first.line).toBe('N');
    expect(readLine(first.rest).line).toBe('A');
    expect(readLine(readLine(first.rest).rest)).toEqual({ line: null, rest: { lines: [], afterCR: false } });
  });

  it('reads the handshake up to a line that trims to READY, keeping what follows', () => {
    expect(readHandshake('READY', 'READY')).toEqual({ lines: [], afterCR: false });
    expect(readHandshake('hello\n ready\n\tREADY \r\nA\nL', 'READY')).toEqual({ lines: ['A', 'L'], afterCR: false });
    expect(readHandshake('READY\r', 'READY')).toEqual({ lines: [], afterCR: true });
    expect(readHandshake('READY?\nREAD Y', 'READY')).toBeNull();
  });
});

describe('a match reading the bots’ lines', () => {
  it('plays lines left after READY first, reads extra lines on later turns, and cuts off a bot that leaves no line', async () => {
    const answers = [
      // Seat 0: its handshake carries a U for its first turn; its D of turn 0 waits for turn 4.
      ['hello\n  READY \nU', 'D', 'N', 'N', 'N'],
      // Seat 1: a \r, then only the \n that ends it: the engine would wait past its time for a line.
      ['READY', 'A\r', '\n', 'L'],
      // Seat 2: no READY: it forfeits and stays on the board.
      ['not ready'],
      // Seat 3: two lines in one answer.
      ['READY', 'R\nL', 'junk', 'N'],
    ];
    const { match, trace } = await replayInUmpire(3, answers);
    const steps = match.replay.turns.map((t) => t.step);
    expect(match.result.forfeits).toEqual([2]);
    expect(
      steps
        .filter((s) => s.player === 0)
        .slice(0, 2)
        .map((s) => s.command),
    ).toEqual(['U', 'D']);
    expect(
      steps
        .filter((s) => s.player === 3)
        .slice(0, 3)
        .map((s) => [s.command, s.reason]),
    ).toEqual([
      ['R', undefined],
      ['L', undefined],
      ['N', "not a command: 'junk'"],
    ]);
    const seat1 = steps.filter((s) => s.player === 1);
    expect(seat1[0]).toMatchObject({ command: 'A', outcome: 'attacked' });
    expect(seat1[1]).toMatchObject({ command: 'N', reason: STALLED });
    // Cut off: it was called twice, and plays N from then on without being asked.
    expect(trace.inputs[1]).toHaveLength(2);
    expect(seat1.slice(2).every((s) => s.command === 'N' && (s.reason === STALLED || s.outcome === 'fallen'))).toBe(
      true,
    );
    expect(
      match.replay.turns
        .filter((t) => t.step.player === 1)
        .slice(2)
        .every((t) => t.calls.length === 0),
    ).toBe(true);
  });
});
