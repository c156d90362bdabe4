import { z } from 'zod';
import type { Budgets } from '../../core/bots.js';
import { InputError } from '../../core/errors.js';
import type { GameModule, MatchRecord } from '../../core/game-module.js';
import type { MatchOutput } from '../../core/match-types.js';
import { BotInput, BudgetsInput } from '../../core/request-fields.js';
import { TURNS } from './constants.js';
import { captureGame, type CaptureOptions, type CaptureStep } from './game.js';
import { assembleCapture, SIDES, type CaptureMatchRecord } from './match.js';
import { captureConduct } from './conduct.js';
import { captureReplay, type CaptureReplay } from './replay.js';
import { CaptureReplaySchema } from './replay-schema.js';
import { CAPTURE_TIME_LIMITS } from './time-limits.js';

export const CaptureMatchRequest = z
  .object({
    game: z.literal('capture'),
    seed: z.number().int().min(0).max(4294967295).optional(),
    budgets: BudgetsInput.optional(),
    red: BotInput,
    blue: BotInput,
  })
  .strict();

export type CaptureMatchRequest = z.infer<typeof CaptureMatchRequest>;

const Settings = z.object({ budgets: BudgetsInput.default({}) });

const USAGE =
  'umpire match --game capture --red A.js --blue B.js [--seed N] [--fuel N] [--out replay.json.gz] [--logs logs.json]';

const usage = (message: string) => new InputError(400, { code: 'USAGE', message: `${message}\nusage: ${USAGE}` });

/** Capture (ICPC Challenge 2009): two sleds and their bumpers, 900 simultaneous turns; no maps. */
const module: GameModule<CaptureMatchRequest, CaptureOptions, MatchOutput<CaptureStep>, CaptureReplay> = {
  id: 'capture',
  title: 'Capture',
  summary:
    'The ICPC Challenge 2009: each turn a bot steers its sled and pushes its two bumpers, closing the sled’s trail around pucks to turn them its color.',
  seats: SIDES,
  bots: { form: 'code' },
  engine: {
    kind: 'sandbox',
    rules: captureGame,
    timeLimits: CAPTURE_TIME_LIMITS,
    maxCallsPerSeat: TURNS,
    firstCalls: 1,
    probeViews: () => [captureGame.observe(captureGame.setup({}), 0, {})],
  },
  request: {
    schema: CaptureMatchRequest,
    seats: (request) => SIDES.map((side) => ({ ...request[side], field: side })),
  },
  setup: (request) => ({ options: {}, seed: request.seed, budgets: request.budgets }),
  assemble(played) {
    const { replay, record } = assembleCapture(played.output, {
      engine: played.engine,
      seed: played.seed,
      budgets: played.budgets as Budgets,
      seats: played.seats,
    });
    return { replay, record: { ...record }, logs: { red: played.logs[0] ?? null, blue: played.logs[1] ?? null } };
  },
  verify: {
    stored: z.looseObject({ seed: z.number().int(), manifest: z.looseObject({}), turns: z.array(z.unknown()) }),
    seats: (_doc, record) =>
      SIDES.map((side) => {
        const { sha256, kind, name } = captureRecord(record).bots[side];
        return { sha256, kind, name };
      }),
    rerun: (doc, record) => ({ options: {}, seed: doc.seed, budgets: captureRecord(record).manifest.budgets }),
    replay: (output, doc) => captureReplay(output, doc.seed, doc.manifest),
    steps: (doc) => doc.turns,
    label: (i) => i,
  },
  leaderboard: {
    settings: Settings,
    prepare: (settings) => settings,
    venues: () => [],
    request: (settings, bots, _venue, seed) => ({
      game: 'capture',
      seed,
      budgets: (settings as z.infer<typeof Settings>).budgets,
      red: { bot: bots[0]! },
      blue: { bot: bots[1]! },
    }),
    ranks(record) {
      const { winner } = captureRecord(record);
      return winner === 'red' ? [1, 2] : winner === 'blue' ? [2, 1] : [1, 1];
    },
    line(record, bots) {
      const r = captureRecord(record);
      return {
        red: { botId: bots[0]!, score: r.scores.red.pucks },
        blue: { botId: bots[1]!, score: r.scores.blue.pucks },
        winner: r.winner,
      };
    },
    rankBy: 'rating',
  },
  cli: {
    usage: USAGE,
    options: { red: { type: 'string' }, blue: { type: 'string' } },
    defaultSeed: 1,
    request(values, files, seed, budgets) {
      if (typeof values.red !== 'string' || typeof values.blue !== 'string')
        throw usage('--red and --blue are required');
      return {
        game: 'capture',
        seed,
        ...(budgets ? { budgets } : {}),
        red: files.seat(values.red),
        blue: files.seat(values.blue),
      } as CaptureMatchRequest;
    },
    conduct: (record, replay) => captureConduct(record, replay as CaptureReplay),
    summary(record) {
      const r = captureRecord(record);
      const bots = Object.fromEntries(
        SIDES.map((side) => {
          const b = r.bots[side];
          return [
            side,
            {
              fuel: b.fuel,
              timeouts: b.timeouts,
              errors: b.errors,
              crashes: b.crashes,
              nullMoves: b.nullMoves,
              ...(b.forfeit ? { forfeit: b.forfeit } : {}),
              ...(b.safetyCap ? { safetyCap: true } : {}),
            },
          ];
        }),
      );
      return {
        game: 'capture',
        seed: r.manifest.seed,
        winner: r.winner,
        decidedBy: r.decidedBy,
        forfeit: r.forfeit,
        scores: { red: r.scores.red.pucks, blue: r.scores.blue.pucks },
        ownership: { red: r.scores.red.ownership, blue: r.scores.blue.ownership },
        turns: r.turns,
        bots,
        ...(r.safetyCap ? { safetyCap: true } : {}),
      };
    },
  },
  exampleBots: [
    'src/games/capture/bots/gatherer.js',
    'src/games/capture/bots/random.js',
    'src/games/capture/bots/loopy.js',
    'src/games/capture/bots/do-nothing.js',
    'src/games/capture/bots/gatherer.py',
    'src/games/capture/bots/midfield.js',
  ],
  exampleAnswer: '0.5 0 0 0.5 0.1\n',
  viewer: { load: () => import('./viewer/page.js') },
  replaySchema: CaptureReplaySchema,
};

function captureRecord(record: MatchRecord): CaptureMatchRecord {
  return record as unknown as CaptureMatchRecord;
}

export default module;
