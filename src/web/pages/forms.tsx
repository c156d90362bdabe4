import { botLanguages } from '../../core/bot-languages.js';
import type { GameModule } from '../../core/game-module.js';
import { ApiForm, Page } from '../layout.js';

export function UploadPage({ games, selected }: { games: readonly GameModule[]; selected: string }) {
  return (
    <Page title="Upload a bot">
      <h1>Upload a bot</h1>
      <p>
        A bot in{' '}
        {botLanguages().map((l, i) => (
          <>
            {i > 0 ? ', ' : ''}
            {l.title} (<code>{l.extensions[0]}</code>)
          </>
        ))}{' '}
        or, for text games, the bot's text. It plays the game you choose, and only that game: it is checked by playing
        the first turns of a match of it.
      </p>
      <ApiForm action="/ui/bots" label="Upload" multipart>
        <label>
          Game
          <select name="game" required>
            {games.map((g) => (
              <option value={g.id} selected={g.id === selected}>
                {g.title}
              </option>
            ))}
          </select>
        </label>
        <label>
          Bot file
          <input type="file" name="bot" required />
        </label>
        <label>
          Name (optional; the file's name otherwise)
          <input name="name" maxlength={100} autocomplete="off" />
        </label>
        <label class="check">
          <input type="checkbox" name="public" value="true" /> Public: others may play it and enter it on their
          leaderboards
        </label>
      </ApiForm>
    </Page>
  );
}

export function NewLeaderboardPage({ games }: { games: readonly GameModule[] }) {
  return (
    <Page title="New leaderboard">
      <h1>New leaderboard</h1>
      <ApiForm action="/ui/leaderboards" label="Create">
        <label>
          Name
          <input name="name" required maxlength={100} autocomplete="off" />
        </label>
        <label>
          Game
          <select name="game">
            {games.map((g) => (
              <option value={g.id}>{g.title}</option>
            ))}
          </select>
        </label>
        <label>
          Rating
          <select name="rating">
            <option value="openskill">OpenSkill (Weng-Lin)</option>
            <option value="elo">Elo</option>
          </select>
        </label>
        <label class="check">
          <input type="checkbox" name="public" value="true" checked /> List it on the home page
        </label>
      </ApiForm>
    </Page>
  );
}

export function ErrorPage({ status, code, message }: { status: number; code: string; message: string }) {
  return (
    <Page title={`Error ${status}`}>
      <h1>{status === 404 ? 'Not found' : 'Something went wrong'}</h1>
      <div class="callout error">
        <p role="alert">{message}</p>
        <p class="muted">
          Code <code>{code}</code>
        </p>
      </div>
      <p>
        <a href="/">Back to the home page</a> · <a href="/#games">The games</a> · <a href="/upload">Upload a bot</a>
      </p>
    </Page>
  );
}
