import type { GameModule } from '../../core/game-module.js';
import type { ExampleBot } from '../game-info.js';
import { ApiForm, Page } from '../layout.js';
import { Markdown } from '../markdown.js';

export function GamePage({
  game,
  readme,
  input,
  bots,
}: {
  game: GameModule;
  readme: string;
  input: string | null;
  bots: readonly ExampleBot[];
}) {
  return (
    <Page title={game.title}>
      <h1>{game.title}</h1>
      <p>{game.summary}</p>
      <section class="card" aria-labelledby="try">
        <h2 id="try">Try it: two example bots</h2>
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
      {input !== null ? (
        <section class="card" aria-labelledby="protocol">
          <h2 id="protocol">Protocol, by example</h2>
          <p>
            What the first seat gets on the first turn of a match on the default map, exactly as the engine sends it:
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
        </section>
      ) : null}
      <section class="card" aria-labelledby="examples">
        <h2 id="examples">Example bots</h2>
        <ul>
          {bots.map((b) => (
            <li>
              <a href={`/games/${game.id}/bots/${b.name}`} download={b.name}>
                {b.name}
              </a>{' '}
              <span class="muted">({b.text.length} characters)</span>
            </li>
          ))}
        </ul>
        <p>
          <a href={`/upload?game=${game.id}`}>Upload your own bot</a>
        </p>
      </section>
      <section class="card" aria-labelledby="rules">
        <h2 id="rules">Rules</h2>
        <Markdown source={readme.replace(/^# .*\n/, '')} />
      </section>
    </Page>
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
