import { csvText } from '../core/csv-field.js';
import type { GameModule, MatchRecord } from '../core/game-module.js';
import { lineSeats } from '../leaderboard/result-seats.js';
import type { ResultLine } from '../store/contract/leaderboards.js';
import type { MatchStore } from '../store/contract/matches.js';
import type { presentTable } from './leaderboard-views.js';

/** The CSV exports of a board: its table, its matches, and a head-to-head table of every pair of entries. */

type TableRow = Awaited<ReturnType<typeof presentTable>>[number] & { status?: string };

/** How an entry is named in the exports: its entry id, and its bot's name. */
export interface Named {
  readonly entryId: string;
  readonly name: string | null;
}

/** A finished match with each seat's place (1 best), as the game ranks it. */
export interface RankedLine {
  readonly line: ResultLine;
  readonly ranks: readonly number[] | null;
}

export function standingsCsv(rows: readonly TableRow[]): string {
  const header = [
    'rank',
    'entry',
    'bot',
    'name',
    'rating',
    'uncertainty',
    'points',
    'wins',
    'losses',
    'draws',
    'played',
    'status',
  ];
  return csvText([
    header,
    ...rows.map((r) => [
      r.rank,
      r.entryId,
      r.botId ?? null,
      r.name,
      r.rating,
      r.uncertainty,
      r.points,
      r.wins,
      r.losses,
      r.draws,
      r.played,
      r.status ?? 'active',
    ]),
  ]);
}

/** One line per finished match; seats, names, scores and ranks in seat order, separated by spaces (names by ` | `); whether it is void. */
export function matchesCsv(lines: readonly RankedLine[], named: (botId: string) => Named): string {
  const header = ['match', 'round', 'finished_at', 'map', 'entries', 'names', 'scores', 'ranks', 'void'];
  return csvText([
    header,
    ...lines.map(({ line, ranks }) => {
      const seats = lineSeats(line);
      return [
        line.match,
        line.round,
        line.finishedAt,
        line.map,
        seats.map((s) => named(s.botId).entryId).join(' '),
        seats.map((s) => named(s.botId).name ?? '').join(' | '),
        seats.map((s) => (typeof s.score === 'number' ? String(s.score) : '')).join(' '),
        ranks ? ranks.join(' ') : '',
        line.void !== undefined,
      ];
    }),
  ]);
}

/**
 * Wins, losses and draws of every pair of entries that met in a match not void, from the first entry's
 * side (a win: a better place in the match). Pairs in the order of `order` (the table's), each pair once.
 */
export function headToHeadCsv(
  lines: readonly RankedLine[],
  order: readonly string[],
  named: (botId: string) => Named,
): string {
  const tally = new Map<string, { wins: number; losses: number; draws: number }>();
  const position = new Map(order.map((id, k) => [id, k]));
  const rank = (id: string) => position.get(id) ?? Number.MAX_SAFE_INTEGER;
  for (const { line, ranks } of lines) {
    if (!ranks || line.void) continue;
    const seats = lineSeats(line).map((s) => s.botId);
    for (let i = 0; i < seats.length; i++)
      for (let j = 0; j < seats.length; j++) {
        const [a, b] = [seats[i]!, seats[j]!];
        if (a === b || rank(a) > rank(b) || (rank(a) === rank(b) && a > b)) continue;
        const key = `${a}\n${b}`;
        const t = tally.get(key) ?? { wins: 0, losses: 0, draws: 0 };
        if (ranks[i]! < ranks[j]!) t.wins++;
        else if (ranks[i]! > ranks[j]!) t.losses++;
        else t.draws++;
        tally.set(key, t);
      }
  }
  const pairs = [...tally.entries()]
    .map(([key, t]) => ({ pair: key.split('\n') as [string, string], t }))
    .sort((x, y) => rank(x.pair[0]) - rank(y.pair[0]) || rank(x.pair[1]) - rank(y.pair[1]));
  return csvText([
    ['entry', 'name', 'opponent', 'opponent_name', 'wins', 'losses', 'draws'],
    ...pairs.map(({ pair: [a, b], t }) => [
      named(a).entryId,
      named(a).name,
      named(b).entryId,
      named(b).name,
      t.wins,
      t.losses,
      t.draws,
    ]),
  ]);
}

/** Each line with its seats' places, read from its match record (null where the record is gone). */
export async function rankLines(
  matches: MatchStore,
  game: GameModule,
  lines: readonly ResultLine[],
): Promise<RankedLine[]> {
  const ranked: RankedLine[] = [];
  for (let i = 0; i < lines.length; i += 16) {
    const batch = lines.slice(i, i + 16);
    const records = await Promise.all(batch.map((l) => matches.get<MatchRecord>(l.match)));
    batch.forEach((line, k) => ranked.push({ line, ranks: records[k] ? game.leaderboard.ranks(records[k]) : null }));
  }
  return ranked;
}
