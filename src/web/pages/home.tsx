import { botLanguages } from '../../core/bot-languages.js';
import type { GameModule } from '../../core/game-module.js';
import { ago, Page } from '../layout.js';
import { resultText, seatsOf } from '../match-summary.js';
import { stillOf } from '../game-info.js';
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
    <Table columns={MATCH_COLUMNS} stack>
      {matches.map((m) => (
        <tr>
          <td data-label="Match">
            <a href={`/matches/${m.id}`}>{m.id.slice(0, 8)}</a>
          </td>
          <td data-label="Game">{titles.get(m.game) ?? m.game}</td>
          <td class="wrap" data-label="Bots">
            {seatsOf(m)
              .map((s) => String(s.fields.name ?? s.seat))
              .join(' vs ')}
          </td>
          <td data-label="Result">{resultText(m)}</td>
          <td data-label="When">{ago(m.createdAt, now)}</td>
        </tr>
      ))}
    </Table>
  );
}

/** "JavaScript, TypeScript, Python or WebAssembly": the languages bots are written in. */
function languageList(): string {
  const titles = botLanguages().map((l) => l.title);
  return titles.length < 2 ? titles.join('') : `${titles.slice(0, -1).join(', ')} or ${titles.at(-1)}`;
}

/** The first game with a try-it form: where "Play a match now" and "Write a bot" lead. */
const FIRST_GAME = 'icy';

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
  const first = games.find((g) => g.id === FIRST_GAME) ?? games[0];
  return (
    <Page title="Matches for programming-game bots">
      <h1>umpire</h1>
      <p class="lead">
        umpire plays programming games between bots: exact engines of classic contest games, each bot sandboxed under
        the same time budget, every match a replay you can watch turn by turn. Write a bot in {languageList()}, play it
        against the example bots, or run a contest with a leaderboard.
      </p>
      <nav class="paths" aria-label="Start here">
        <article class="card">
          <h2>Play a match now</h2>
          <p>Pick two example bots on a game's page and watch them play, no account needed.</p>
          {first ? (
            <a class="button primary big" href={`/games/${first.id}#try`}>
              {`Play ${first.title}`}
            </a>
          ) : null}
        </article>
        <article class="card">
          <h2>Write a bot</h2>
          <p>
            Read a game's rules and protocol, start from a first bot in your language, then upload yours and challenge
            others.
          </p>
          {first ? (
            <a class="button primary big" href={`/games/${first.id}#first-bot`}>
              Write your first bot
            </a>
          ) : null}
        </article>
        <article class="card">
          <h2>Run a contest</h2>
          <p>
            Create a leaderboard, invite teams with codes, run rounds and freeze the standings from its admin page; an
            external leaderboard plays its own pairings through the <a href="/docs">API</a>.
          </p>
          <a class="button primary big" href="/leaderboards/new">
            Create a leaderboard
          </a>
        </article>
      </nav>
      <section aria-labelledby="games">
        <h2 id="games">Games</h2>
        <div class="grid">
          {games.map((g) => {
            const still = stillOf(g, 'play');
            return (
              <article class="card game-card">
                {still ? (
                  <img src={`/assets/games/${g.id}/play.png`} alt={still.alt} width="480" height="360" loading="lazy" />
                ) : null}
                <h3>
                  <a href={`/games/${g.id}`}>{g.title}</a>
                </h3>
                <p>{g.summary}</p>
                <p class="card-links">
                  <a href={`/games/${g.id}`}>Rules and example bots</a> · <a href={`/games/${g.id}#try`}>Try it</a>
                </p>
              </article>
            );
          })}
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
          <Table columns={BOARD_COLUMNS} stack>
            {boards.map((b) => (
              <tr>
                <td data-label="Leaderboard">
                  <a href={`/leaderboards/${b.id}`}>{b.name}</a>
                </td>
                <td data-label="Game">{titles.get(b.game) ?? b.game}</td>
                <td class="num" data-label="Entries">
                  {b.entries ?? '–'}
                </td>
                <td data-label="Created">{ago(b.createdAt, now)}</td>
              </tr>
            ))}
          </Table>
        )}
      </section>
    </Page>
  );
}
