import { z } from 'zod';
import antsWorlds from '../../../build/maps/ants.js';
import { InputError } from '../../core/errors.js';
import { sha256HexOfText } from '../../core/sha256.js';
import type { CliValues, GameModule, MatchRecord, MatchSetup, Played } from '../../core/game-module.js';
import { parseBrain } from './brain.js';
import { runAntsMatch, type AntsMatchResult, type AntsReplay, type AntsSide } from './match.js';
import { antsConduct } from './conduct.js';
import { AntsLeaderboardSettings, AntsMatchRequest, MAX_ANT_STEPS, MAX_BRAIN_BYTES } from './request.js';
import { AntsReplaySchema } from './replay-schema.js';
import { DEFAULT_ROUNDS } from './state.js';
import { ANTS_WORLD_NAMES, resolveAntsWorld } from './worlds.js';
import { BLACK_HILL, RED_HILL, parseWorld, type World } from './world.js';

/** What a match needs besides its brains and seed: plain data, it crosses to a worker thread. */
export interface AntsOptions {
  readonly world: World;
  /** The world as text, kept in the replay. */
  readonly worldText: string;
  readonly rounds: number;
  /** Set when a stored replay is played again: its own snapshot interval. */
  readonly snapshotEvery?: number;
}

export type AntsOutput = { result: AntsMatchResult; replay: AntsReplay };

export interface AntsManifest {
  readonly engine: string;
  readonly game: 'ants';
  readonly world: { readonly name: string | null; readonly sha256: string };
  readonly seed: number;
  readonly rounds: number;
  readonly bots: Record<AntsSide, string>;
}

/** The record fields of an ants match, after `game`. */
interface AntsRecordFields {
  readonly winner: AntsSide | 'draw';
  readonly scores: Record<AntsSide, { readonly food: number; readonly alive: number; readonly carried: number }>;
  readonly manifest: AntsManifest;
}

const SIDES: readonly AntsSide[] = ['red', 'black'];
/** The longest an ants match may take: MAX_ANT_STEPS ant steps take about a second. */
export const ANTS_DEADLINE_MS = 60_000;

const USAGE =
  'umpire match --game ants --red A.ant --black B.ant [--world FILE|sample0..sample9|tiny|generated:N] [--seed N] [--rounds N] [--out replay.json.gz]';

/** A request's world: a bundled one by name, generated:SEED, or the text of a world file. */
async function setup(request: AntsMatchRequest): Promise<MatchSetup<AntsOptions>> {
  const world = resolveAntsWorld(request.world ?? 'sample0');
  if (!world.ok) {
    const unknown = world.problems[0].code === 'UNKNOWN_WORLD';
    throw new InputError(unknown ? 400 : 422, {
      code: unknown ? 'UNKNOWN_WORLD' : 'WORLD_INVALID',
      message: `world: ${world.problems[0].message}`,
      details: { field: 'world', problems: world.problems },
    });
  }
  const ants = world.value.world.hill.reduce((n, h) => n + (h ? 1 : 0), 0);
  const rounds = request.rounds ?? DEFAULT_ROUNDS;
  if (ants * rounds > MAX_ANT_STEPS) {
    throw new InputError(422, {
      code: 'WORLD_TOO_BUSY',
      message: `world: ${ants} ants for ${rounds} rounds is more than ${MAX_ANT_STEPS} ant steps; use fewer anthill cells or rounds`,
      details: { field: 'world' },
    });
  }
  return {
    options: { world: world.value.world, worldText: world.value.text, rounds },
    seed: request.seed,
    details: { world: { name: world.value.name, sha256: await sha256HexOfText(world.value.text) } },
  };
}

function assemble(played: Played<AntsOptions, AntsOutput>) {
  const { result, replay } = played.output;
  const world = played.setup.details!.world as AntsManifest['world'];
  const [red, black] = played.seats;
  const manifest: AntsManifest = {
    engine: played.engine,
    game: 'ants',
    world,
    seed: played.seed,
    rounds: played.setup.options.rounds,
    bots: { red: red!.sha256, black: black!.sha256 },
  };
  const side = (s: AntsSide) => ({ food: result.scores[s], alive: result.alive[s], carried: result.carried[s] });
  const bot = (s: AntsSide, k: number) => ({
    name: played.seats[k]!.name ?? null,
    kind: 'ant',
    sha256: played.seats[k]!.sha256,
    ...(result.forfeits[s] ? { forfeit: result.forfeits[s] } : {}),
  });
  return {
    // The manifest keeps its place, second, in the replay the engine made.
    replay: { ...replay, manifest: { ...manifest, names: { red: red!.name ?? null, black: black!.name ?? null } } },
    record: {
      winner: result.winner,
      decidedBy: result.decidedBy,
      forfeit: result.forfeit,
      scores: { red: side('red'), black: side('black') },
      rounds: result.rounds,
      bots: { red: bot('red', 0), black: bot('black', 1) },
      manifest,
    },
  };
}

const fields = (record: MatchRecord) => record as unknown as AntsRecordFields;

function integer(name: string, value: unknown, fallback: number, min: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'string' || !/^\d{1,15}$/.test(value))
    throw usage(`--${name} takes a non-negative integer, not '${String(value)}'`);
  const n = Number(value);
  if (n < min) throw usage(`--${name} must be at least ${min}`);
  return n;
}

const usage = (message: string) => new InputError(400, { code: 'USAGE', message });

const module: GameModule<AntsMatchRequest, AntsOptions, AntsOutput, AntsReplay> = {
  id: 'ants',
  title: 'Ants',
  summary:
    'The ICFP Programming Contest 2004 task: two ant colonies gather food on a hexagonal world, each ant run by a finite-state brain.',
  seats: SIDES,
  bots: {
    form: 'text',
    kind: 'ant',
    field: 'brain',
    extension: '.ant',
    maxBytes: MAX_BRAIN_BYTES,
    check(text) {
      const parsed = parseBrain(text);
      return parsed.ok ? null : `the brain does not parse: ${parsed.problems[0].message}`;
    },
  },
  engine: {
    kind: 'text',
    play: ({ options, seed, bots }) =>
      runAntsMatch({
        world: options.world,
        worldText: options.worldText,
        brains: { red: bots[0]!, black: bots[1]! },
        seed,
        rounds: options.rounds,
        ...(options.snapshotEvery === undefined ? {} : { snapshotEvery: options.snapshotEvery }),
      }),
    deadlineMs: ANTS_DEADLINE_MS,
  },
  request: {
    schema: AntsMatchRequest,
    seats: (request) =>
      SIDES.map((s) => ({ field: s, name: request[s].name, bot: request[s].bot, text: request[s].brain })),
  },
  setup,
  assemble,
  verify: {
    stored: z.looseObject({
      world: z.string(),
      seed: z.number().int(),
      rounds: z.number().int().min(1),
      snapshotEvery: z.number().int().min(1),
      manifest: z.looseObject({}),
      food: z.array(z.unknown()),
    }),
    seats: (doc, record) => {
      const names = (doc.manifest as { names?: Partial<Record<AntsSide, string | null>> }).names;
      return SIDES.map((s) => ({ sha256: fields(record).manifest.bots[s], kind: 'ant', name: names?.[s] ?? null }));
    },
    rerun(doc) {
      const world = resolveAntsWorld(doc.world);
      if (!world.ok) throw new Error('its world is invalid');
      return {
        options: {
          world: world.value.world,
          worldText: doc.world,
          rounds: doc.rounds,
          snapshotEvery: doc.snapshotEvery,
        },
        seed: doc.seed,
        budgets: null,
      };
    },
    replay: (output, doc) => ({ ...output.replay, manifest: doc.manifest }),
    steps: (doc) => doc.food,
    label: (i, step) => (step as readonly number[] | undefined)?.[0] ?? i,
  },
  leaderboard: {
    settings: AntsLeaderboardSettings,
    prepare(settings) {
      const worlds = [...new Set(settings.worlds as string[])];
      const bad = worlds.find((w) => w.includes('\n') || !resolveAntsWorld(w).ok);
      if (bad !== undefined) {
        throw new InputError(400, {
          code: 'UNKNOWN_WORLD',
          message: `worlds: no world named '${bad.slice(0, 100)}' (sample0..sample9, tiny, generated:SEED)`,
          details: { field: 'worlds' },
        });
      }
      return { ...settings, worlds };
    },
    venues: (settings) => settings.worlds as string[],
    request: (settings, bots, venue, seed) => ({
      game: 'ants',
      world: venue,
      seed,
      rounds: settings.rounds as number,
      red: { bot: bots[0]! },
      black: { bot: bots[1]! },
    }),
    ranks(record) {
      const { winner } = fields(record);
      return winner === 'red' ? [1, 2] : winner === 'black' ? [2, 1] : [1, 1];
    },
    line(record, bots) {
      const { winner, scores } = fields(record);
      return {
        red: { botId: bots[0]!, score: scores.red.food },
        black: { botId: bots[1]!, score: scores.black.food },
        winner,
      };
    },
    rankBy: 'points',
    venueSetting: 'worlds',
  },
  cli: {
    usage: USAGE,
    options: {
      red: { type: 'string' },
      black: { type: 'string' },
      world: { type: 'string' },
      rounds: { type: 'string' },
    },
    defaultSeed: 12345,
    request(values, files, seed) {
      if (!values.red || !values.black) throw usage(`--red and --black are required\nusage: ${USAGE}`);
      const rounds = integer('rounds', values.rounds, DEFAULT_ROUNDS, 1);
      const spec = (values.world as string | undefined) ?? 'sample0';
      return {
        game: 'ants',
        world: files.exists(spec) ? files.text(spec) : spec,
        seed,
        rounds,
        red: { brain: files.text(values.red as string) },
        black: { brain: files.text(values.black as string) },
      };
    },
    conduct: (_record, replay) => antsConduct(replay as AntsReplay),
    /** Today's summary: the world's name (a world file's own name), the seed, then the match result. */
    summary(record: MatchRecord, replay: unknown, values?: CliValues) {
      const { manifest } = fields(record);
      const world = manifest.world.name ?? (values?.world as string | undefined)?.split('/').pop() ?? null;
      return { game: 'ants', world, seed: manifest.seed, ...(replay as AntsReplay).result };
    },
  },
  exampleBots: ['src/games/ants/bots/homing.ant', 'src/games/ants/bots/example.ant'],
  viewer: { load: () => import('./viewer/page.js') },
  replaySchema: AntsReplaySchema,
  maps: {
    names: ANTS_WORLD_NAMES,
    text: (name) => (Object.hasOwn(antsWorlds, name) ? antsWorlds[name] : undefined),
    describe(name) {
      const parsed = parseWorld(antsWorlds[name]!);
      if (!parsed.ok) return {};
      const { width, height, hill, food } = parsed.value;
      const cells = (kind: number) => hill.reduce((n, h) => n + (h === kind ? 1 : 0), 0);
      return {
        width,
        height,
        anthill: { red: cells(RED_HILL), black: cells(BLACK_HILL) },
        food: food.reduce((n, f) => n + f, 0),
      };
    },
  },
};

export default module;
