import type { GameModule } from '../../core/game-module.js';
import type { BotSource, ExampleBot, Still } from '../game-info.js';
import { ApiForm, Page } from '../layout.js';
import { Markdown } from '../markdown.js';
import { FirstBots } from './first-bots.js';

export interface GamePageProps {
  readonly game: GameModule;
  /** The rules for players (rules.md, or the README where there is none). */
  readonly rules: string;
  /** The first input of a match on the default venue, as the bot gets it; null for games whose bots are texts. */
  readonly input: string | null;
  /** The example bots the "try it" form offers (the module's list). */
  readonly bots: readonly ExampleBot[];
  /** Every example program of the game's folder, by language. */
  readonly sources: readonly (readonly [string, readonly BotSource[]])[];
  readonly firstBots: readonly BotSource[];
  /** The viewer at turn 0 of the match whose first input the page shows. */
  readonly still: Still | undefined;
}

/** What a game's venue is called ('map', 'world'), or null for a game without venues. */
export function venueNoun(game: GameModule): string | null {
  if (!game.maps) return null;
  return (game.leaderboard.venueSetting ?? 'maps').replace(/s$/, '');
}

/** Over this many lines, the example input says it scrolls (its box shows about 26). */
const INPUT_LINES_SHOWN = 26;

export function GamePage({ game, rules, input, bots, sources, firstBots, still }: GamePageProps) {
  const venue = venueNoun(game);
  const where = venue ? `on the default ${venue}` : 'at the start of a match';
  return (
    <Page title={game.title}>
      <h1>{game.title}</h1>
      <p>{game.summary}</p>
      <p>
        <a href="#first-bot">Your first bot</a> · <a href="#rules">Rules</a> · <a href="#examples">Example bots</a> ·{' '}
        <a href="#try">Try it</a> · <a href={`/games/${game.id}/notes`}>Engine notes</a>
      </p>
      {still || input !== null ? (
        <section class="card game-start" aria-label={`${game.title} ${where}`}>
          {still ? (
            <figure>
              <img
                src={`/assets/games/${game.id}/${still.name}.png`}
                alt={still.alt}
                width={still.width}
                height={still.height}
              />
              {still.caption ? <figcaption class="muted">{still.caption}</figcaption> : null}
            </figure>
          ) : null}
          {input !== null ? <FirstInput game={game} input={input} where={where} /> : null}
        </section>
      ) : null}
      <FirstBots game={game} bots={firstBots} />
      <section class="card" aria-labelledby="rules">
        <h2 id="rules">Rules</h2>
        <Markdown source={rules.replace(/^# .*\n/, '')} />
        <p>
          How this engine reads the original rules, where they are silent, and the replay format:{' '}
          <a href={`/games/${game.id}/notes`}>the engine notes</a>, for developers.
        </p>
      </section>
      <section class="card" aria-labelledby="examples">
        <h2 id="examples">Example bots</h2>
        <div class="grid">
          {sources.map(([language, files]) => (
            <div>
              <h3>{language}</h3>
              <ul>
                {files.map((b) => (
                  <li>
                    <a href={`/games/${game.id}/bots/${b.name}`} download={b.name}>
                      {b.name}
                    </a>{' '}
                    <span class="muted">({b.text.split('\n').length} lines)</span>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
        <p>
          <a href={`/upload?game=${game.id}`}>Upload your own bot</a>
        </p>
      </section>
      <section class="card" aria-labelledby="try">
        <h2 id="try">Try it</h2>
        <p>
          {game.seats.length === 2
            ? 'Pick an example bot for each side and watch them play one match.'
            : `Pick an example bot for each of the ${game.seats.length} seats and watch them play one match.`}
        </p>
        <ApiForm action={`/ui/games/${game.id}/try`} label="Play the match">
          {game.seats.map((seat, k) => (
            <label>
              {`Seat ${seat}`}
              <select name={`seat${k}`}>
                {bots.map((b, i) => (
                  <option value={b.name} selected={i === k % bots.length}>
                    {b.name}
                  </option>
                ))}
              </select>
            </label>
          ))}
          <label class="check">
            <input type="checkbox" name="public" value="true" checked /> List the match on the home page
          </label>
        </ApiForm>
      </section>
    </Page>
  );
}

function FirstInput({ game, input, where }: { game: GameModule; input: string; where: string }) {
  const lines = input.replace(/\n$/, '').split('\n');
  return (
    <div class="first-input">
      <h2 id="protocol">Protocol, by example</h2>
      <p>
        What the first seat reads on the first turn {where}, exactly as the engine sends it ({lines.length} lines
        {lines.length > INPUT_LINES_SHOWN ? ', scroll for the rest' : ''}):
      </p>
      <pre>
        <code>{input}</code>
      </pre>
      {game.exampleAnswer ? (
        <>
          <p>A valid answer:</p>
          <pre>
            <code>{game.exampleAnswer}</code>
          </pre>
        </>
      ) : null}
    </div>
  );
}

/** The engine notes of a game (its folder's README): how this engine reads the rules, for developers. */
export function GameNotesPage({ game, readme }: { game: GameModule; readme: string }) {
  return (
    <Page title={`${game.title}: engine notes`}>
      <h1>{game.title}: engine notes</h1>
      <p>
        For developers: how this engine reads the original rules, and what it chose where they are silent. The rules for
        players are on the <a href={`/games/${game.id}`}>game's page</a>.
      </p>
      <section class="card">
        <Markdown source={readme.replace(/^# .*\n/, '')} />
      </section>
    </Page>
  );
}
