import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { UmpireError } from '../../src/core/errors.js';
import { DEFAULT_MAP, ruleSet } from '../../src/games/icy/index.js';
import { matchDeadlineMs, probeDeadlineMs } from '../../src/match/deadline.js';
import { inProcessRunner } from '../../src/match/in-process-runner.js';
import type { PlayableMatch } from '../../src/match/runner.js';
import { nodeBotLoader } from '../../src/sandbox/node-sources.js';
import { DEFAULT_BUDGETS } from '../../src/sandbox/policy.js';
import type { Bundle } from '../../src/sandbox/types.js';

const idle: Bundle = { kind: 'js', code: readFileSync('src/games/icy/bots/idle.js', 'utf8') };
const job: PlayableMatch = {
  game: 'icy',
  options: { rules: ruleSet('queue2011'), map: DEFAULT_MAP },
  seed: 1,
  budgets: DEFAULT_BUDGETS,
  bots: [idle, idle],
};

describe('the in-process runner', () => {
  it('stops between calls once past the time it is given (Lambda: before the function timeout)', async () => {
    const late = inProcessRunner(nodeBotLoader, { stopBy: () => Date.now() - 1 });
    const e = await late.play(job).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(UmpireError);
    expect((e as UmpireError).code).toBe('MATCH_DEADLINE');
  });

  it('makes seats known to have failed preparation forfeit without loading them', async () => {
    const r = await inProcessRunner(nodeBotLoader).play({
      ...job,
      forfeits: [null, { code: 'BUNDLE_TOO_LARGE', message: 'too slow' }],
    });
    expect(r.result.forfeits).toEqual([1]);
    expect(r.result.winner).toBe(0);
    expect(r.result.seats[1]!.forfeit).toEqual({ code: 'BUNDLE_TOO_LARGE', message: 'too slow' });
  });
});

describe('match deadlines', () => {
  it('are the whole fuel budget of every seat, times 2, plus 10 s', () => {
    // Default budgets: load 1 s, first turn 1 s, 179 turns of 0.5 s per seat.
    expect(matchDeadlineMs(job)).toBe(2 * 2 * (1000 + 1000 + 179 * 500) + 10_000);
    // Block drop: 4 seats, the handshake at the first-turn budget, 250 turns each.
    expect(matchDeadlineMs({ game: 'blockdrop', budgets: DEFAULT_BUDGETS, bots: [idle, idle, idle, idle] })).toBe(
      2 * 4 * (1000 + 2 * 1000 + 249 * 500) + 10_000,
    );
    expect(matchDeadlineMs({ game: 'capture', budgets: DEFAULT_BUDGETS, bots: [idle, idle] })).toBe(
      2 * 2 * (1000 + 1000 + 899 * 500) + 10_000,
    );
    expect(probeDeadlineMs('icy')).toBe(2 * 2000 + 10_000);
  });
});
