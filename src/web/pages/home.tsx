import type { GameModule } from '../../core/game-module.js';
import { ago, Page } from '../layout.js';
import { resultText, seatsOf } from '../match-summary.js';
import { Table } from '../table.js';

const MATCH_COLUMNS = [
  { label: 'Match' },
  { label: 'Game' },
  { label: 'Bots' },
  { label: 'Result' },
  { label: 'When' },
];
const BOARD_COLUMNS = [
  { label: 'Leaderboard' },
  { label: 'Game' },
  { label: 'Entries', num: true },
  { label: 'Created' },
];

export interface MatchItem {
  readonly id: string;
  readonly game: string;
  readonly createdAt: string;
  readonly [field: string]: unknown;
}

export interface BoardItem {
  readonly id: string;
  readonly name: string;
  readonly game: string;
  readonly rating?: string;
  readonly createdAt: string;
  readonly entries?: number;
}

export function MatchesTable({
  matches,
  now,
  titles,
}: {
  matches: readonly MatchItem[];
  now: Date;
  titles: ReadonlyMap<string, string>;
}) {
  if (matches.length === 0) return <p class="muted">No public matches yet.</p>;
  return (
    <Table columns={MATCH_COLUMNS}>
      {matches.map((m) => (
        <tr>
          <td>
            <a href={`/matches/${m.id}`}>{m.id.slice(0, 8)}</a>
          </td>
          <td>{titles.get(m.game) ?? m.game}</td>
          <td>
            {seatsOf(m)
              .map((s) => String(s.fields.name ?? s.seat))
              .join(' vs ')}
          </td>
          <td>{resultText(m)}</td>
          <td>{ago(m.createdAt, now)}</td>
        </tr>
      ))}
    </Table>
  );
}

export function HomePage({
  games,
  matches,
  boards,
  now,
}: {
  games: readonly GameModule[];
  matches: readonly MatchItem[];
  boards: readonly BoardItem[];
  now: Date;
}) {
  const titles = new Map(games.map((g) => [g.id, g.title]));
  return (
    <Page title="Matches for programming-game bots">
      <h1>umpire</h1>
      <p>
        Exact game engines, sandboxed bots, replays you can watch. <a href="/upload">Upload a bot</a>, challenge
        another, or <a href="/leaderboards/new">start a leaderboard</a>.
      </p>
      <section aria-labelledby="games">
        <h2 id="games">Games</h2>
        <div class="grid">
          {games.map((g) => (
            <article class="card">
              <h3>
                <a href={`/games/${g.id}`}>{g.title}</a>
              </h3>
              <p>{g.summary}</p>
              <p>
                <a href={`/games/${g.id}`}>Rules, protocol and example bots</a>
              </p>
            </article>
          ))}
        </div>
      </section>
      <section aria-labelledby="recent">
        <h2 id="recent">Recent matches</h2>
        <MatchesTable matches={matches} now={now} titles={titles} />
      </section>
      <section aria-labelledby="leaderboards">
        <h2 id="leaderboards">Leaderboards</h2>
        {boards.length === 0 ? (
          <p class="muted">No public leaderboards yet.</p>
        ) : (
          <Table columns={BOARD_COLUMNS}>
            {boards.map((b) => (
              <tr>
                <td>
                  <a href={`/leaderboards/${b.id}`}>{b.name}</a>
                </td>
                <td>{titles.get(b.game) ?? b.game}</td>
                <td class="num">{b.entries ?? '–'}</td>
                <td>{ago(b.createdAt, now)}</td>
              </tr>
            ))}
          </Table>
        )}
      </section>
    </Page>
  );
}
