import type { GameModule } from '../../core/game-module.js';
import type { ExampleBot } from '../game-info.js';
import { ApiForm, ago, Page } from '../layout.js';
import type { MatchItem } from './home.js';
import { MatchesTable } from './home.js';
import { Table } from '../table.js';

const BOARD_COLUMNS = [
  { label: 'Leaderboard' },
  { label: 'Rank', num: true },
  { label: 'Rating', num: true },
  { label: 'Played', num: true },
  { label: 'W / D / L', num: true },
];

export interface BotView {
  readonly id: string;
  readonly name: string | null;
  readonly kind: string;
  /** Its game; null for a bot stored before bots had a game (it may play any game its kind fits). */
  readonly game: string | null;
  readonly sha256: string;
  readonly bytes: number;
  readonly public: boolean;
  readonly createdAt: string;
}

export interface BoardStanding {
  readonly leaderboard: { readonly id: string; readonly name: string; readonly game: string };
  readonly rank: number | null;
  readonly rating: number;
  readonly uncertainty: number;
  readonly played: number;
  readonly wins: number;
  readonly losses: number;
  readonly draws: number;
}

export interface Opponents {
  readonly examples: readonly { readonly game: GameModule; readonly bots: readonly ExampleBot[] }[];
  readonly publicBots: readonly { readonly id: string; readonly name: string | null; readonly kind: string }[];
}

/** What a reader without the bot's key sees: the page asks for the key (the script retries with it). */
export function BotLocked({ id }: { id: string }) {
  return (
    <Page title="A bot" needsKey>
      <h1>Bot {id}</h1>
      <p>A bot's page is for its owner: paste the API key that uploaded it under “API key” above.</p>
      <p role="alert"></p>
    </Page>
  );
}

export function BotContent({
  bot,
  matches,
  boards,
  opponents,
  games,
  now,
}: {
  bot: BotView;
  matches: readonly MatchItem[];
  boards: readonly BoardStanding[];
  opponents: Opponents;
  games: readonly GameModule[];
  now: Date;
}) {
  const titles = new Map(games.map((g) => [g.id, g.title]));
  return (
    <>
      <h1>{bot.name ?? bot.id}</h1>
      <dl class="card facts">
        <dt>Id</dt>
        <dd>
          <code>{bot.id}</code>
        </dd>
        <dt>Game</dt>
        <dd>{bot.game === null ? 'any (stored before bots had a game)' : (titles.get(bot.game) ?? bot.game)}</dd>
        <dt>Kind</dt>
        <dd>
          {bot.kind}, {bot.bytes} bytes, sha256 <code>{bot.sha256.slice(0, 16)}…</code>
        </dd>
        <dt>Visibility</dt>
        <dd>
          {bot.public
            ? 'public: anyone may play it and enter it on their leaderboards'
            : 'private: only your key may use it'}
        </dd>
        <dt>Uploaded</dt>
        <dd>{ago(bot.createdAt, now)}</dd>
      </dl>
      <section class="card" aria-labelledby="challenge">
        <h2 id="challenge">Challenge another bot</h2>
        <ApiForm action={`/ui/bots/${bot.id}/challenge`} label="Play the match">
          <label>
            Opponent
            <select name="opponent" required>
              {opponents.examples.map(({ game, bots }) => (
                <optgroup label={`Example bots: ${game.title}`}>
                  {bots.map((b) => (
                    <option value={`example:${game.id}:${b.name}`}>{`${b.name} (${game.title})`}</option>
                  ))}
                </optgroup>
              ))}
              {opponents.publicBots.length > 0 ? (
                <optgroup label="Public bots">
                  {opponents.publicBots.map((b) => (
                    <option value={`bot:${b.id}`}>{`${b.name ?? b.id} (${b.kind})`}</option>
                  ))}
                </optgroup>
              ) : null}
            </select>
          </label>
          {bot.game === null ? (
            <label>
              Game (for a public opponent)
              <select name="game">
                {games.map((g) => (
                  <option value={g.id}>{g.title}</option>
                ))}
              </select>
            </label>
          ) : (
            <input type="hidden" name="game" value={bot.game} />
          )}
          <label class="check">
            <input type="checkbox" name="public" value="true" /> List the match on the home page
          </label>
        </ApiForm>
      </section>
      <section class="card" aria-labelledby="boards">
        <h2 id="boards">On leaderboards</h2>
        {boards.length === 0 ? (
          <p class="muted">Not on any leaderboard.</p>
        ) : (
          <Table columns={BOARD_COLUMNS}>
            {boards.map((s) => (
              <tr>
                <td>
                  <a href={`/leaderboards/${s.leaderboard.id}`}>{s.leaderboard.name}</a>{' '}
                  <span class="muted">({titles.get(s.leaderboard.game) ?? s.leaderboard.game})</span>
                </td>
                <td class="num">{s.rank ?? '–'}</td>
                <td class="num">
                  {s.rating.toFixed(1)} ± {s.uncertainty.toFixed(1)}
                </td>
                <td class="num">{s.played}</td>
                <td class="num">
                  {s.wins} / {s.draws} / {s.losses}
                </td>
              </tr>
            ))}
          </Table>
        )}
      </section>
      <section class="card" aria-labelledby="matches">
        <h2 id="matches">Matches</h2>
        <MatchesTable matches={matches} now={now} titles={titles} />
      </section>
    </>
  );
}
