/** The table `umpire tournament` prints: as text for people, or as JSON or CSV for scripts. */

import { csvField } from '../core/csv-field.js';

export interface RankedBot {
  readonly rank: number;
  readonly name: string | null;
  readonly botId: string;
  /** The file the bot was read from. */
  readonly file: string;
  readonly rating: number;
  readonly uncertainty: number;
  readonly points: number;
  readonly wins: number;
  readonly losses: number;
  readonly draws: number;
  readonly played: number;
}

/** A file that was not entered: it could not be read, or its bot does not load or answer a turn. */
export interface ForfeitedBot {
  readonly file: string;
  readonly code: string;
  readonly message: string;
}

export interface TournamentTable {
  readonly leaderboard: string;
  readonly game: string;
  readonly matches: { readonly played: number; readonly failed: number };
  readonly standings: readonly RankedBot[];
  readonly forfeited: readonly ForfeitedBot[];
}

export type TableFormat = 'text' | 'json' | 'csv';

export function formatTable(table: TournamentTable, format: TableFormat): string[] {
  if (format === 'json') return [JSON.stringify(table, null, 2)];
  if (format === 'csv') return csvLines(table);
  return textLines(table);
}

function textLines(t: TournamentTable): string[] {
  const n = (v: number, width: number) => String(v).padStart(width);
  return [
    `leaderboard ${t.leaderboard}: ${t.matches.played} matches played, ${t.matches.failed} failed`,
    'rank  rating   ±      W   L   D  bot',
    ...t.standings.map(
      (r) =>
        `${n(r.rank, 4)}  ${r.rating.toFixed(1).padStart(7)}  ${r.uncertainty.toFixed(2).padStart(5)}  ${n(r.wins, 2)}  ${n(r.losses, 2)}  ${n(r.draws, 2)}  ${r.name} (${r.botId})`,
    ),
    ...t.forfeited.map((f) => `   -        -      -   -   -   -  ${f.file}: forfeited, ${f.code}: ${f.message}`),
  ];
}

const CSV_HEADER = [
  'rank',
  'status',
  'file',
  'name',
  'botId',
  'rating',
  'uncertainty',
  'points',
  'wins',
  'losses',
  'draws',
  'played',
  'code',
  'message',
] as const;

/** One row per bot, ranked ones first; a forfeited one has status `forfeited`, its code and message, and no figures. */
function csvLines(t: TournamentTable): string[] {
  const ranked = t.standings.map((r) => [
    r.rank,
    'ranked',
    r.file,
    r.name,
    r.botId,
    r.rating.toFixed(3),
    r.uncertainty.toFixed(3),
    r.points,
    r.wins,
    r.losses,
    r.draws,
    r.played,
    '',
    '',
  ]);
  const forfeited = t.forfeited.map((f) => [
    '',
    'forfeited',
    f.file,
    '',
    '',
    '',
    '',
    '',
    '',
    '',
    '',
    '',
    f.code,
    f.message,
  ]);
  return [CSV_HEADER, ...ranked, ...forfeited].map((row) => row.map(csvField).join(','));
}
