import { z } from 'zod';
import type { Budgets } from '../../core/bots.js';
import { InputError } from '../../core/errors.js';
import type { GameModule, MatchRecord } from '../../core/game-module.js';
import type { MatchOutput } from '../../core/match-types.js';
import { BotInput, BudgetsInput } from '../../core/request-fields.js';
import { PLAYERS, TURNS } from './constants.js';
import { blockDropGame, type BlockDropOptions } from './game.js';
import { assembleBlockDrop, placesByFall, type BlockDropMatchRecord } from './match.js';
import { blockDropConduct } from './conduct.js';
import type { TurnRecord } from './play.js';
import { blockDropReplay, type BlockDropReplay } from './replay.js';
import { BlockDropReplaySchema } from './replay-schema.js';
import { BLOCKDROP_TIME_LIMITS } from './time-limits.js';

export const BlockDropMatchRequest = z
  .object({
    game: z.literal('blockdrop'),
    seed: z.number().int().min(0).max(4294967295).optional(),
    budgets: BudgetsInput.optional(),
    bots: z.array(BotInput).length(PLAYERS).describe('players 0 to 3, in turn order'),
  })
  .strict();

export type BlockDropMatchRequest = z.infer<typeof BlockDropMatchRequest>;

const SEATS = Array.from({ length: PLAYERS }, (_, k) => String(k));

const Settings = z.object({ budgets: BudgetsInput.default({}) });

const USAGE =
  'umpire match --game blockdrop --bot A.js --bot B.js --bot C.js --bot D.js [--seed N] [--fuel N] [--out replay.json.gz] [--logs logs.json]';

const blockDropRecord = (record: MatchRecord) => record as unknown as BlockDropMatchRecord;

/** Block drop (JavaChallenge 2015): four players take turns on a board of falling blocks; no maps. */
const module: GameModule<BlockDropMatchRequest, BlockDropOptions, MatchOutput<TurnRecord>, BlockDropReplay> = {
  id: 'blockdrop',
  title: 'Block drop',
  summary:
    'JavaChallenge 2015: four players take turns on a board of 6 × 6 blocks; each turn a bot moves, turns or attacks to drop the blocks under the others, and the last one standing wins.',
  seats: SEATS,
  bots: { form: 'code' },
  engine: {
    kind: 'sandbox',
    rules: blockDropGame,
    timeLimits: BLOCKDROP_TIME_LIMITS,
    // 1000 turns shared by four players, plus the handshake.
    maxCallsPerSeat: TURNS / PLAYERS + 1,
    // The handshake and the first turn.
    firstCalls: 2,
    probeViews: () => [
      blockDropGame.handshake!.input,
      blockDropGame.observe(blockDropGame.setup({ seed: 1 }), 0, { seed: 1 }),
    ],
  },
  request: {
    schema: BlockDropMatchRequest,
    seats: (request) => request.bots.map((bot, k) => ({ ...bot, field: `bots.${k}` })),
  },
  setup(request) {
    // The options carry the seed (it fixes the starting squares), so a request without one gets it drawn here.
    const seed = request.seed ?? crypto.getRandomValues(new Uint32Array(1))[0]!;
    return { options: { seed }, seed, budgets: request.budgets };
  },
  assemble(played) {
    const { replay, record } = assembleBlockDrop(played.output, {
      engine: played.engine,
      seed: played.seed,
      budgets: played.budgets as Budgets,
      seats: played.seats,
    });
    return { replay, record: { ...record }, logs: played.logs.map((log) => log ?? null) };
  },
  verify: {
    stored: z.looseObject({ seed: z.number().int(), manifest: z.looseObject({}), turns: z.array(z.unknown()) }),
    seats: (_doc, record) => blockDropRecord(record).players.map(({ sha256, kind, name }) => ({ sha256, kind, name })),
    rerun: (doc, record) => ({
      options: { seed: doc.seed },
      seed: doc.seed,
      budgets: blockDropRecord(record).manifest.budgets,
    }),
    replay: (output, doc) => blockDropReplay(output, doc.seed, doc.manifest),
    steps: (doc) => doc.turns,
    label: (i) => i,
  },
  leaderboard: {
    settings: Settings,
    prepare: (settings) => settings,
    venues: () => [],
    request: (settings, bots, _venue, seed) => ({
      game: 'blockdrop',
      seed,
      budgets: (settings as z.infer<typeof Settings>).budgets,
      bots: bots.map((bot) => ({ bot })),
    }),
    ranks: (record) => placesByFall(blockDropRecord(record).players.map((p) => p.fellAt)),
    line(record, bots) {
      const r = blockDropRecord(record);
      return { players: r.players.map((p, k) => ({ botId: bots[k]!, fellAt: p.fellAt })), winner: r.winner };
    },
    rankBy: 'rating',
  },
  cli: {
    usage: USAGE,
    options: { bot: { type: 'string', multiple: true } },
    defaultSeed: 1,
    request(values, files, seed, budgets) {
      const paths = Array.isArray(values.bot) ? values.bot : [];
      if (paths.length !== PLAYERS)
        throw new InputError(400, {
          code: 'USAGE',
          message: `--bot must be given ${PLAYERS} times (players 0 to 3), got ${paths.length}\nusage: ${USAGE}`,
        });
      return {
        game: 'blockdrop',
        seed,
        ...(budgets ? { budgets } : {}),
        bots: paths.map((path) => files.seat(path)),
      } as BlockDropMatchRequest;
    },
    conduct: (record, replay) => blockDropConduct(record, replay as BlockDropReplay),
    summary(record) {
      const r = blockDropRecord(record);
      // The record's players without their bundles' kind and hash.
      const players = r.players.map(({ kind: _kind, sha256: _sha256, ...player }) => player);
      return {
        game: 'blockdrop',
        seed: r.manifest.seed,
        winner: r.winner,
        turns: r.turns,
        players,
        ...(r.safetyCap ? { safetyCap: true } : {}),
      };
    },
  },
  exampleBots: [
    'src/games/blockdrop/bots/hunter.js',
    'src/games/blockdrop/bots/random.js',
    'src/games/blockdrop/bots/hunter.js',
    'src/games/blockdrop/bots/random.js',
    'src/games/blockdrop/bots/hunter.py',
  ],
  exampleAnswer: 'A\n',
  viewer: { load: () => import('./viewer/page.js') },
  replaySchema: BlockDropReplaySchema,
};

export default module;
