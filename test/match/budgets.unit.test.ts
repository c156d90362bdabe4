import { describe, expect, it } from 'vitest';
import { matchCommand } from '../../src/cli/match.js';
import type { CliFiles } from '../../src/core/game-module.js';
import { gameById } from '../../src/games/catalog.js';
import { budgetsForTurnFuel, defaultBudgets, firstTurnRatio, resolveBudgets } from '../../src/match/budgets.js';
import { matchDeadlineMs, probeDeadlineMs } from '../../src/match/deadline.js';
import { DEFAULT_BUDGETS, FUEL_PER_MS } from '../../src/sandbox/policy.js';

const ms = (n: number) => n * FUEL_PER_MS;

/**
 * The budgets a CLI match plays with: `--fuel N` is the request's `{ turnFuel: N }`
 * (src/cli/match.ts), which goes through the game's CLI request, schema and setup,
 * and resolveBudgets, as playMatch does.
 */
async function budgetsFor(id: string, fuel: number | undefined) {
  const game = gameById(id);
  const files: CliFiles = {
    seat: (path) => ({ name: path, js: 'export default () => ""' }),
    text: () => '',
    exists: () => false,
  };
  const values = { red: 'red.js', blue: 'blue.js', bot: ['0.js', '1.js', '2.js', '3.js'] };
  const request = game.request.schema.parse(
    game.cli.request(values, files, 1, fuel === undefined ? undefined : { turnFuel: fuel }),
  );
  const setup = await game.setup(request);
  return resolveBudgets(game.id, setup.budgets);
}

/** What `umpire match --game <game> --fuel <fuel>` refuses before playing. */
const fuelRefused = (game: string, fuel: string) => matchCommand(['--game', game, '--fuel', fuel], () => undefined);

describe("each game's default budgets", () => {
  it('icy: 1 s then 0.5 s, unchanged', () => {
    expect(defaultBudgets('icy')).toEqual(DEFAULT_BUDGETS);
    expect(JSON.stringify(defaultBudgets('icy'))).toBe(JSON.stringify(DEFAULT_BUDGETS));
  });

  it('capture: 1 s for the first turn, then 0.1 s', () => {
    expect(defaultBudgets('capture')).toEqual({
      firstTurnFuel: ms(1000),
      turnFuel: ms(100),
      timeBankFuel: 0,
      loadFuel: ms(1000),
    });
  });

  it('block drop: 100 ms for every call, the handshake included', () => {
    expect(defaultBudgets('blockdrop')).toEqual({
      firstTurnFuel: ms(100),
      turnFuel: ms(100),
      timeBankFuel: 0,
      loadFuel: ms(1000),
    });
  });

  it('the deadlines follow them', () => {
    const bots = (n: number) => new Array(n).fill({ kind: 'js', code: '' });
    expect(matchDeadlineMs({ game: 'capture', budgets: defaultBudgets('capture'), bots: bots(2) })).toBe(
      2 * 2 * (1000 + 1000 + 899 * 100) + 10_000,
    );
    expect(matchDeadlineMs({ game: 'blockdrop', budgets: defaultBudgets('blockdrop'), bots: bots(4) })).toBe(
      2 * 4 * (1000 + 2 * 100 + 249 * 100) + 10_000,
    );
    expect(probeDeadlineMs('icy')).toBe(2 * 2000 + 10_000);
    expect(probeDeadlineMs('capture')).toBe(2 * 2000 + 10_000);
    expect(probeDeadlineMs('blockdrop')).toBe(2 * 1200 + 10_000);
  });
});

describe('`--fuel N` keeps each game’s first-turn ratio', () => {
  it('icy 2N, capture 10N, block drop N', async () => {
    expect([firstTurnRatio('icy'), firstTurnRatio('capture'), firstTurnRatio('blockdrop')]).toEqual([2, 10, 1]);
    expect(await budgetsFor('icy', 1000)).toMatchObject({ turnFuel: 1000, firstTurnFuel: 2000, loadFuel: ms(1000) });
    expect(await budgetsFor('capture', 1000)).toMatchObject({ turnFuel: 1000, firstTurnFuel: 10_000 });
    expect(await budgetsFor('blockdrop', 1000)).toMatchObject({ turnFuel: 1000, firstTurnFuel: 1000 });
  });

  it('without --fuel, the game’s defaults; a first turn over the default load raises loading', async () => {
    expect(await budgetsFor('blockdrop', undefined)).toEqual(defaultBudgets('blockdrop'));
    const big = budgetsForTurnFuel('capture', ms(1000));
    expect(big).toMatchObject({ firstTurnFuel: ms(10_000), loadFuel: ms(10_000) });
    // No time cap is recorded: each call's safety cap on CPU time follows from its fuel.
    expect(big).not.toHaveProperty('wallMs');
  });

  it('rejects a non-number or zero with a usage error', async () => {
    await expect(fuelRefused('icy', 'x')).rejects.toMatchObject({
      code: 'USAGE',
      message: expect.stringMatching(/--fuel takes a non-negative integer/),
    });
    await expect(fuelRefused('icy', '0')).rejects.toMatchObject({
      code: 'USAGE',
      message: expect.stringMatching(/--fuel must be at least 1/),
    });
  });

  it('--load-fuel N sets loading alone, and is refused for text bots or below 1', async () => {
    const game = gameById('capture');
    const request = game.request.schema.parse({
      game: 'capture',
      red: { js: 'export default () => ""' },
      blue: { js: 'export default () => ""' },
      budgets: { loadFuel: 1234 },
    });
    expect((await game.setup(request)).budgets).toEqual({ loadFuel: 1234 });
    expect(resolveBudgets('capture', { loadFuel: 1234 })).toEqual({ ...defaultBudgets('capture'), loadFuel: 1234 });
    const refused = (args: string[]) => matchCommand(args, () => undefined);
    await expect(refused(['--game', 'icy', '--load-fuel', '0'])).rejects.toMatchObject({
      code: 'USAGE',
      message: expect.stringMatching(/--load-fuel must be at least 1/),
    });
    await expect(refused(['--game', 'ants', '--load-fuel', '5'])).rejects.toMatchObject({
      code: 'USAGE',
      message: expect.stringMatching(/--load-fuel: ants bots are texts/),
    });
  });
});

describe('partial budgets from a request or a leaderboard', () => {
  it('missing fields are the game’s defaults', () => {
    expect(resolveBudgets('capture', undefined)).toEqual(defaultBudgets('capture'));
    expect(resolveBudgets('capture', {})).toEqual(defaultBudgets('capture'));
    expect(resolveBudgets('capture', { timeBankFuel: 5 })).toEqual({ ...defaultBudgets('capture'), timeBankFuel: 5 });
  });

  it('turnFuel alone sets the first turn at the game’s ratio; both given are kept', () => {
    expect(resolveBudgets('capture', { turnFuel: 7 })).toMatchObject({ turnFuel: 7, firstTurnFuel: 70 });
    expect(resolveBudgets('icy', { turnFuel: 7 })).toMatchObject({ turnFuel: 7, firstTurnFuel: 14 });
    expect(resolveBudgets('blockdrop', { turnFuel: 7 })).toMatchObject({ turnFuel: 7, firstTurnFuel: 7 });
    expect(resolveBudgets('capture', { turnFuel: 7, firstTurnFuel: 9 })).toMatchObject({
      turnFuel: 7,
      firstTurnFuel: 9,
    });
    expect(resolveBudgets('capture', { firstTurnFuel: 9 })).toMatchObject({ turnFuel: ms(100), firstTurnFuel: 9 });
  });
});
