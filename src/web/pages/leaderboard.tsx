import type { GameModule } from '../../core/game-module.js';
import { RatingChart } from '../chart.js';
import { ApiForm, ago, Page } from '../layout.js';
import { cell, resultText } from '../match-summary.js';
import { Table } from '../table.js';

const STANDING_COLUMNS = [
  { label: 'Rank', num: true },
  { label: 'Bot' },
  { label: 'Rating', num: true },
  { label: 'Played', num: true },
  { label: 'Won', num: true },
  { label: 'Drawn', num: true },
  { label: 'Lost', num: true },
];
const MATCH_COLUMNS = [{ label: 'Match' }, { label: 'Seats' }, { label: 'Result' }, { label: 'Finished' }];

export interface TableRow {
  readonly rank: number;
  readonly entryId: string;
  readonly botId?: string;
  readonly name: string | null;
  readonly rating: number;
  readonly uncertainty: number;
  readonly points?: number;
  readonly wins: number;
  readonly losses: number;
  readonly draws: number;
  readonly played: number;
  readonly history?: readonly { readonly rating: number }[];
}

export interface RoundView {
  readonly id: string;
  readonly total: number;
  readonly done: number;
  readonly failed: number;
  readonly status: string;
}

export interface BoardView {
  readonly leaderboard: {
    readonly id: string;
    readonly name: string;
    readonly game: string;
    readonly rating: string;
    readonly createdAt: string;
  };
  readonly table: readonly TableRow[];
  readonly latestRound?: RoundView | null;
  readonly recentMatches?: readonly Readonly<Record<string, unknown>>[];
}

export interface MyBot {
  readonly id: string;
  readonly name: string | null;
  readonly kind: string;
  /** Its game; null for a bot stored before bots had a game. */
  readonly game: string | null;
}

const label = (row: TableRow) => row.name ?? row.entryId;

export function LeaderboardPage({
  view,
  game,
  myBots,
  now,
}: {
  view: BoardView;
  game: GameModule | undefined;
  myBots: readonly MyBot[];
  now: Date;
}) {
  const b = view.leaderboard;
  const round = view.latestRound ?? null;
  const running = round !== null && round.status === 'running';
  const names = new Map(view.table.map((r) => [r.entryId, label(r)]));
  return (
    <Page title={b.name} refreshSeconds={running ? 2 : undefined}>
      <h1>{b.name}</h1>
      <p class="muted">
        {game?.title ?? b.game}, rated by {b.rating}, created {ago(b.createdAt, now)}.
      </p>
      {round ? (
        <section class="card" aria-labelledby="round">
          <h2 id="round">{running ? 'Round in progress' : 'Last round'}</h2>
          <progress max={round.total} value={round.done + round.failed} aria-label="matches played in the round">
            {`${round.done + round.failed} of ${round.total}`}
          </progress>
          <p>
            {round.done + round.failed} of {round.total} matches played
            {round.failed > 0 ? `, ${round.failed} failed` : ''}.
            {running ? ' This page reloads until the round is over.' : ''}
          </p>
        </section>
      ) : null}
      <section class="card" aria-labelledby="standings">
        <h2 id="standings">Standings</h2>
        {view.table.length === 0 ? (
          <p class="muted">No entries yet.</p>
        ) : (
          <Table columns={STANDING_COLUMNS} id="standings-table">
            {view.table.map((r) => (
              <tr>
                <td class="num">{r.rank}</td>
                <td>{r.botId ? <a href={`/bots/${r.botId}`}>{label(r)}</a> : label(r)}</td>
                <td class="num">
                  {r.rating.toFixed(1)} ± {r.uncertainty.toFixed(1)}
                </td>
                <td class="num">{r.played}</td>
                <td class="num">{r.wins}</td>
                <td class="num">{r.draws}</td>
                <td class="num">{r.losses}</td>
              </tr>
            ))}
          </Table>
        )}
      </section>
      <section class="card" aria-labelledby="history">
        <h2 id="history">Rating history</h2>
        <RatingChart
          title={`Rating of each entry of ${b.name} after each rated match`}
          series={view.table.map((r) => ({ label: label(r), points: (r.history ?? []).map((h) => h.rating) }))}
        />
      </section>
      <section class="card" aria-labelledby="recent">
        <h2 id="recent">Recent matches</h2>
        {(view.recentMatches ?? []).length === 0 ? (
          <p class="muted">No matches yet.</p>
        ) : (
          <Table columns={MATCH_COLUMNS} stack>
            {(view.recentMatches ?? []).map((line) => (
              <tr>
                <td data-label="Match">
                  <a href={`/matches/${String(line.match)}`}>{String(line.match).slice(0, 8)}</a> ·{' '}
                  <a href={`/v1/matches/${String(line.match)}/view`}>viewer</a>
                </td>
                <td class="wrap" data-label="Seats">
                  {seatsOfLine(line, names)}
                </td>
                <td data-label="Result">{line.winner === undefined ? '–' : resultText({ winner: line.winner })}</td>
                <td data-label="Finished">{typeof line.finishedAt === 'string' ? ago(line.finishedAt, now) : '–'}</td>
              </tr>
            ))}
          </Table>
        )}
      </section>
      <section class="card" aria-labelledby="manage">
        <h2 id="manage">Entries and rounds</h2>
        <p class="muted">
          For the board's owner (the key that created it). Settings, invites, entry status, schedules, freezing and
          exports: <a href={`/leaderboards/${b.id}/admin`}>the organizer's page</a>.
        </p>
        <ApiForm action={`/ui/leaderboards/${b.id}/entries`} label="Add the bot">
          {/* biome-ignore lint/a11y/noLabelWithoutControl: both branches below put the control in the label */}
          <label>
            Bot
            {myBots.length > 0 ? (
              <select name="bot" required>
                {myBots.map((bot) => (
                  <option value={bot.id}>{`${bot.name ?? 'unnamed'} (${bot.kind}, ${bot.id})`}</option>
                ))}
              </select>
            ) : (
              <input name="bot" required placeholder="bot id (bot_…)" autocomplete="off" />
            )}
          </label>
        </ApiForm>
        <ApiForm action={`/ui/leaderboards/${b.id}/rounds`} label="Start a round">
          <p class="muted">Every entry plays every other, on every seat and map of the board.</p>
        </ApiForm>
      </section>
    </Page>
  );
}

/** The seats of a result line: the fields naming an entry, alone or in a list, by entry name. */
function seatsOfLine(line: Readonly<Record<string, unknown>>, names: ReadonlyMap<string, string>): string {
  const seat = (v: unknown) => {
    const s = v as { entryId?: string; score?: unknown };
    return `${names.get(s.entryId ?? '') ?? s.entryId}${s.score !== undefined ? ` (${cell(s.score)})` : ''}`;
  };
  const isSeat = (v: unknown) =>
    typeof v === 'object' && v !== null && typeof (v as { entryId?: unknown }).entryId === 'string';
  const seats: string[] = [];
  for (const value of Object.values(line)) {
    if (isSeat(value)) seats.push(seat(value));
    else if (Array.isArray(value) && value.every(isSeat)) seats.push(...value.map(seat));
  }
  return seats.join(' vs ');
}
