import { describe, expect, it } from 'vitest';
import type { MatchRecord } from '../../src/core/game-module.js';
import { readableSeats, withheldLogs } from '../../src/match/log-access.js';
import { playingVersion, splitBotRef } from '../../src/match/stored-bots.js';
import { DEFAULT_VERSION_POLICY, versionPolicyFromEnv } from '../../src/match/version-policy.js';
import { erringFailure } from '../../src/match/version-tally.js';
import { withNewVersion, withVersionState } from '../../src/store/contract/bot-versions.js';
import type { BotRecord } from '../../src/store/contract/bots.js';
import { MemoryBotStore } from '../../src/store/memory/memory-bots.js';

const base: BotRecord = {
  id: 'bot_AAAAAAAAAAAAAAAAAAAAAA',
  name: 'b',
  kind: 'js',
  sha256: '1'.repeat(64),
  bytes: 1,
  owner: 'team-a',
  createdAt: '2030-01-01T00:00:00.000Z',
};
const two = withNewVersion(base, {
  sha256: '2'.repeat(64),
  bytes: 2,
  kind: 'py',
  createdAt: '2030-02-01T00:00:00.000Z',
});
const code = (f: () => unknown) => {
  try {
    f();
    return 'ok';
  } catch (e) {
    return (e as { code?: string }).code;
  }
};

describe('which version plays', () => {
  it('reads bot@N refs', () => {
    expect(splitBotRef(base.id)).toEqual({ id: base.id, version: null });
    expect(splitBotRef(`${base.id}@12`)).toEqual({ id: base.id, version: 12 });
  });

  it('is the latest valid one, the pinned one, or none before the deadline', () => {
    expect(two).toMatchObject({ sha256: '2'.repeat(64), kind: 'py' });
    expect(playingVersion(two, {}, 'red').number).toBe(2);
    expect(playingVersion(two, { pin: 1 }, 'red').number).toBe(1);
    expect(playingVersion(two, { before: '2030-01-15T00:00:00.000Z' }, 'red').number).toBe(1);
    expect(code(() => playingVersion(two, { before: '2029-01-01T00:00:00.000Z' }, 'red'))).toBe('NO_VALID_VERSION');
    const off = withVersionState(two, 2, { by: 'errors', reason: 'r', at: 'now' })!;
    expect(playingVersion(off, {}, 'red').number).toBe(1);
    expect(code(() => playingVersion(off, { pin: 2 }, 'red'))).toBe('NO_VALID_VERSION');
    const none = withVersionState(off, 1, { by: 'owner', reason: 'r', at: 'now' })!;
    expect(code(() => playingVersion(none, {}, 'red'))).toBe('NO_VALID_VERSION');
    // Setting a state it has already changes nothing.
    expect(withVersionState(off, 2, { by: 'owner', reason: 'again', at: 'later' })).toBeNull();
  });
});

describe('the version policy', () => {
  it('defaults, reads its settings, and refuses values that do not parse', () => {
    expect(versionPolicyFromEnv({})).toEqual(DEFAULT_VERSION_POLICY);
    expect(versionPolicyFromEnv({ VERSION_DISABLE_MIN_MATCHES: '10', VERSION_DISABLE_ERROR_SHARE: '0.25' })).toEqual({
      minMatches: 10,
      maxErrorShare: 0.25,
    });
    expect(() => versionPolicyFromEnv({ VERSION_DISABLE_MIN_MATCHES: '0' })).toThrow(/VERSION_DISABLE_MIN_MATCHES/);
    expect(() => versionPolicyFromEnv({ VERSION_DISABLE_ERROR_SHARE: '1.5' })).toThrow(/VERSION_DISABLE_ERROR_SHARE/);
  });

  it('counts load failures, crashes and timeouts as errors, never invalid moves', () => {
    expect(erringFailure(null)).toBeNull();
    expect(erringFailure({ turn: 3, code: 'invalid_move', message: 'x' })).toBeNull();
    expect(erringFailure({ turn: 3, code: 'error', message: 'boom' })).toBe('error on turn 3: boom');
    expect(erringFailure({ turn: null, code: 'BUNDLE_SYNTAX', message: 'bad' })).toBe('BUNDLE_SYNTAX on load: bad');
  });
});

describe('who reads which seat', () => {
  const bots = new MemoryBotStore();
  const record = (extra: Record<string, unknown>): MatchRecord => ({
    id: 'm',
    status: 'finished',
    createdAt: 'now',
    owner: 'creator',
    game: 'icy',
    ...extra,
  });

  it("gives a creator its own seats, a bot's owner its bot's seat, a board's owner every seat", async () => {
    await bots.create(base);
    const seats = [{ bot: base.id, version: 1 }, null];
    expect(await readableSeats(bots, record({ storedBots: seats }), 2, 'creator')).toEqual([false, true]);
    expect(await readableSeats(bots, record({ storedBots: seats }), 2, 'team-a')).toEqual([true, false]);
    expect(await readableSeats(bots, record({ storedBots: seats }), 2, 'team-b')).toEqual([false, false]);
    expect(await readableSeats(bots, record({ storedBots: seats, board: 'lb' }), 2, 'creator')).toEqual([true, true]);
    // A record from before storedBots: its creator only, as it was stored.
    expect(await readableSeats(bots, record({}), 2, 'creator')).toEqual([true, true]);
    expect(await readableSeats(bots, record({}), 2, 'team-a')).toEqual([false, false]);
  });

  it('withholds the other seats of either shape of logs', () => {
    expect(withheldLogs({ red: 'r', blue: 'b' }, [false, true])).toEqual({ red: null, blue: 'b' });
    expect(withheldLogs(['0', '1', '2', '3'], [true, false, false, true])).toEqual(['0', null, null, '3']);
  });
});
