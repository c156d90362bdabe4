import namedMaps from '../../../build/maps/icy.js';
import type { Budgets } from '../../core/bots.js';
import { InputError } from '../../core/errors.js';
import { sha256HexOfText } from '../../core/sha256.js';
import type { CliFiles, CliValues, GameModule, MatchRecord, Played, SeatInput } from '../../core/game-module.js';
import type { MatchOutput } from '../../core/match-types.js';
import { RED, TURNS } from './constants.js';
import { icyGame, type IcyOptions, type IcyTurnRecord } from './game.js';
import { DEFAULT_MAP, formatMap, parseMap, type IcyMap } from './map.js';
import { icyReplayFromMatch } from './match-replay.js';
import { icyConduct } from './conduct.js';
import { encodeView } from './protocol.js';
import { replayToHistory, type IcyReplay, type ReplayBot, type ReplayManifest } from './replay.js';
import { ReplaySchema } from './replay-schema.js';
import { IcyBoardSettings, IcyMatchRequest } from './request.js';
import { DEFAULT_RULES, RULE_SETS, isRuleSetName, ruleSet, type RuleSetName } from './rules.js';
import { initialState } from './state.js';
import { StoredIcyReplay } from './stored.js';
import { ICY_TIME_LIMITS } from './time-limits.js';
import { ICY_COMMANDS } from './cli/commands.js';

const SIDES = ['red', 'blue'] as const;
type Side = (typeof SIDES)[number];
type Output = MatchOutput<IcyTurnRecord>;

/** What setup passes on to the record and replay: the map's name (null for one sent inline) and the sha256 of its text. */
type MapDetails = {
  readonly map: { readonly name: string | null; readonly sha256: string };
};

const USAGE =
  'umpire match [--game icy] --red FILE --blue FILE [--map NAME|FILE] [--rules queue2011|icpc2010] [--seed N] [--fuel N] [--out replay.json.gz] [--turns FILE] [--logs FILE]';

/** The map a request names or carries; unknown names and invalid maps are the caller's error. */
export function resolveMap(map: string | undefined): { map: IcyMap; name: string | null } {
  if (map === undefined) return { map: DEFAULT_MAP, name: 'default' };
  const inline = map.includes('\n');
  const text = inline ? map : Object.hasOwn(namedMaps, map) ? namedMaps[map] : undefined;
  if (text === undefined)
    throw new InputError(400, {
      code: 'UNKNOWN_MAP',
      message: `map: no map named '${map}' (GET /v1/maps lists them)`,
      details: { field: 'map' },
    });
  const parsed = parseMap(text);
  if (!parsed.ok) {
    throw new InputError(422, {
      code: 'MAP_INVALID',
      message: `map: ${parsed.problems[0].message}`,
      details: { field: 'map', problems: parsed.problems },
    });
  }
  return { map: parsed.value, name: inline ? null : map };
}

/** The digests of the bundled maps by name, made once each: they are the same for every match. */
const namedMapDigests = new Map<string, Promise<string>>();

/** The sha256 of a map's text: a bundled map's once per process, an inline one's every time. */
function mapDigest(map: IcyMap, name: string | null): Promise<string> {
  if (name === null) return sha256HexOfText(formatMap(map));
  let digest = namedMapDigests.get(name);
  if (!digest) {
    digest = sha256HexOfText(formatMap(map));
    namedMapDigests.set(name, digest);
    digest.catch(() => namedMapDigests.delete(name));
  }
  return digest;
}

const sideOf = (forfeits: readonly number[]): Side | 'both' | null =>
  forfeits.length === 2 ? 'both' : forfeits.length === 1 ? SIDES[forfeits[0]!]! : null;

/** The options a stored replay was played with; throws when its map is not one. */
function optionsOf(doc: IcyReplay): IcyOptions {
  const map = parseMap(doc.map);
  if (!map.ok) throw new Error('its map is invalid');
  return { rules: ruleSet(doc.manifest.rules), map: map.value };
}

function usage(message: string): InputError {
  return new InputError(400, { code: 'USAGE', message });
}

/** The map option of the CLI: a file's text (named after the map it equals, if any), or a map's name. */
function cliMap(path: string, files: CliFiles): string {
  if (!files.exists(path) && Object.hasOwn(namedMaps, path)) return path;
  const text = files.text(path);
  const base = (path.split('/').pop() ?? path).replace(/\.[a-z]+$/, '');
  return Object.hasOwn(namedMaps, base) && namedMaps[base] === text ? base : text;
}

interface IcyRecord extends MatchRecord {
  readonly winner: Side | 'draw';
  readonly decidedBy: string;
  readonly forfeit: Side | 'both' | null;
  readonly scores: Record<Side, { readonly total: number; readonly hits: number; readonly domainSum: number }>;
  readonly turns: number;
  readonly bots: Record<
    Side,
    {
      fuel: number;
      timeouts: number;
      errors: number;
      crashes: number;
      forfeit?: { code: string; message: string };
      safetyCap?: true;
    }
  >;
  readonly manifest: { readonly rules: RuleSetName; readonly seed: number };
  readonly safetyCap?: true;
}

const module: GameModule<IcyMatchRequest, IcyOptions, Output, IcyReplay> = {
  id: 'icy',
  title: 'Icy Projectile',
  summary:
    'The ICPC Challenge 2010 (ACM Queue 2011): each bot leads four children on a snowy field, gathering snow, building snowmen and throwing snowballs.',
  isDefault: true,
  seats: SIDES,
  bots: { form: 'code' },
  engine: {
    kind: 'sandbox',
    rules: icyGame,
    timeLimits: ICY_TIME_LIMITS,
    maxCallsPerSeat: TURNS,
    firstCalls: 1,
    probeViews: () => [encodeView(initialState(DEFAULT_MAP), RED, ruleSet('queue2011'))],
  },
  request: {
    schema: IcyMatchRequest,
    seats: (request) => SIDES.map((side): SeatInput => ({ field: side, ...request[side] })),
    formSeats: SIDES,
  },

  async setup(request) {
    const { map, name } = resolveMap(request.map);
    const rules = ruleSet(request.rules ?? DEFAULT_RULES);
    const details: MapDetails = { map: { name, sha256: await mapDigest(map, name) } };
    return { options: { rules, map }, seed: request.seed, budgets: request.budgets, details };
  },

  assemble(played: Played<IcyOptions, Output>) {
    const { result } = played.output;
    const { options } = played.setup;
    const { map } = played.setup.details as unknown as MapDetails;
    const budgets = played.budgets as Budgets;
    const details = result.details as { decidedBy?: string; hitScore?: number[]; domainSum?: number[] };
    const forfeit = sideOf(result.forfeits);
    const side = (s: number) => ({
      total: result.scores[s] ?? 0,
      hits: details.hitScore?.[s] ?? 0,
      domainSum: details.domainSum?.[s] ?? 0,
    });
    const bot = (s: number) => {
      const seat = result.seats[s]!;
      const played_ = played.seats[s]!;
      return {
        name: played_.name,
        kind: played_.kind,
        sha256: played_.sha256,
        fuel: seat.fuel,
        timeouts: seat.overBudget,
        errors: seat.errors,
        crashes: seat.crashes,
        ...(seat.forfeit ? { forfeit: seat.forfeit } : {}),
        ...(seat.safetyCap ? { safetyCap: true as const } : {}),
      };
    };
    const bots = { red: bot(0), blue: bot(1) };
    const record = {
      winner: result.winner === null ? 'draw' : SIDES[result.winner],
      decidedBy: forfeit ? 'forfeit' : (details.decidedBy ?? 'score'),
      forfeit,
      scores: { red: side(0), blue: side(1) },
      turns: result.turns,
      bots,
      manifest: {
        engine: played.engine,
        game: 'icy',
        rules: options.rules.name,
        map,
        seed: played.seed,
        budgets,
        bots: { red: bots.red.sha256, blue: bots.blue.sha256 },
      },
      ...(result.safetyCap ? { safetyCap: true as const } : {}),
    };
    const replayBot = (b: (typeof bots)[Side]): ReplayBot => ({
      name: b.name,
      sha256: b.sha256,
      kind: b.kind as ReplayBot['kind'],
    });
    const manifest: ReplayManifest = {
      engine: played.engine,
      game: 'icy',
      rules: options.rules.name,
      map,
      seed: played.seed,
      budgets: { ...budgets },
      bots: { red: replayBot(bots.red), blue: replayBot(bots.blue) },
    };
    return {
      replay: icyReplayFromMatch(played.output, options, manifest),
      record,
      logs: { red: played.logs[0] ?? null, blue: played.logs[1] ?? null },
    };
  },

  verify: {
    stored: StoredIcyReplay,
    seats: (doc) =>
      SIDES.map((side) => ({
        sha256: doc.manifest.bots[side].sha256,
        kind: doc.manifest.bots[side].kind,
        name: doc.manifest.bots[side].name,
      })),
    rerun: (doc) => ({
      options: optionsOf(doc),
      seed: doc.manifest.seed ?? 0,
      budgets: (doc.manifest.budgets as Partial<Budgets> | null) ?? null,
    }),
    replay: (output, doc) => icyReplayFromMatch(output, optionsOf(doc), doc.manifest),
    steps: (doc) => doc.turns,
    label: (index) => index,
  },

  leaderboard: {
    settings: IcyBoardSettings,
    prepare(settings) {
      const s = settings as IcyBoardSettings;
      const maps = [...new Set(s.maps)];
      const unknown = maps.find((m) => !Object.hasOwn(namedMaps, m));
      if (unknown !== undefined)
        throw new InputError(400, {
          code: 'UNKNOWN_MAP',
          message: `maps: no map named '${unknown}'`,
          details: { field: 'maps' },
        });
      return { ...s, maps };
    },
    venues: (settings) => (settings as IcyBoardSettings).maps,
    request(settings, bots, venue, seed) {
      const s = settings as IcyBoardSettings;
      return {
        game: 'icy',
        rules: s.rules,
        map: venue,
        seed,
        budgets: s.budgets,
        red: { bot: bots[0]! },
        blue: { bot: bots[1]! },
      };
    },
    ranks(record) {
      const { winner } = record as IcyRecord;
      return winner === 'red' ? [1, 2] : winner === 'blue' ? [2, 1] : [1, 1];
    },
    line(record, bots) {
      const r = record as IcyRecord;
      return {
        red: { botId: bots[0]!, score: r.scores.red.total },
        blue: { botId: bots[1]!, score: r.scores.blue.total },
        winner: r.winner,
      };
    },
    rankBy: 'rating',
  },

  cli: {
    usage: USAGE,
    commands: ICY_COMMANDS,
    options: {
      red: { type: 'string' },
      blue: { type: 'string' },
      map: { type: 'string' },
      rules: { type: 'string' },
      turns: { type: 'string' },
    },
    defaultSeed: 1,
    request(values: CliValues, files: CliFiles, seed, budgets) {
      if (typeof values.red !== 'string' || typeof values.blue !== 'string')
        throw usage(`--red and --blue are required\nusage: ${USAGE}`);
      const rules = values.rules as string | undefined;
      if (rules !== undefined && !isRuleSetName(rules))
        throw usage(`unknown rules '${rules}': use one of ${Object.keys(RULE_SETS).join(', ')}`);
      const map = typeof values.map === 'string' ? cliMap(values.map, files) : undefined;
      return {
        game: 'icy',
        ...(rules !== undefined ? { rules } : {}),
        ...(map !== undefined ? { map } : {}),
        seed,
        ...(budgets !== undefined ? { budgets } : {}),
        red: files.seat(values.red),
        blue: files.seat(values.blue),
      };
    },
    conduct: (record, replay) => icyConduct(record, replay as IcyReplay),
    summary(record) {
      const r = record as IcyRecord;
      const pair = (key: 'total' | 'hits' | 'domainSum') => ({ red: r.scores.red[key], blue: r.scores.blue[key] });
      const seat = (side: Side) => {
        const b = r.bots[side];
        return {
          fuel: b.fuel,
          timeouts: b.timeouts,
          errors: b.errors,
          crashes: b.crashes,
          ...(b.forfeit ? { forfeit: b.forfeit } : {}),
          ...(b.safetyCap ? { safetyCap: true } : {}),
        };
      };
      return {
        winner: r.winner,
        forfeit: r.forfeit,
        decidedBy: r.decidedBy,
        scores: pair('total'),
        hitScores: pair('hits'),
        domainSums: pair('domainSum'),
        turns: r.turns,
        seed: r.manifest.seed,
        rules: r.manifest.rules,
        bots: { red: seat('red'), blue: seat('blue') },
        ...(r.safetyCap ? { safetyCap: true } : {}),
      };
    },
    files: (values, _record, replay): Record<string, string> =>
      typeof values.turns === 'string' ? { turns: replayToHistory(replay as IcyReplay) } : {},
  },

  replayFormats: { turns: { extension: 'turns', render: (doc) => replayToHistory(doc as IcyReplay) } },
  exampleBots: [
    'src/games/icy/bots/hunter.js',
    'src/games/icy/bots/planter.js',
    'src/games/icy/bots/random.js',
    'src/games/icy/bots/idle.js',
    'src/games/icy/bots/hunter.py',
  ],
  exampleAnswer: 'crouch\nidle\nidle\nidle\n',
  viewer: { load: () => import('./viewer/page.js') },
  replaySchema: ReplaySchema,
  maps: {
    names: Object.keys(namedMaps),
    text: (name) => (Object.hasOwn(namedMaps, name) ? namedMaps[name] : undefined),
    describe: (name) => ({
      trees: ((Object.hasOwn(namedMaps, name) ? namedMaps[name]! : '').match(/T/g) ?? []).length,
    }),
  },
};

export default module;
