import { Page } from '../layout.js';

/**
 * Sign-up with an invite: a plain form (no script, no key needed) that the
 * server answers with the new team key's page.
 */
export function SignupPage({ invite, board }: { invite: string; board: string }) {
  return (
    <Page title="Sign up">
      <h1>Sign up your team</h1>
      <p>
        An organizer gave you an invite code. Signing up makes your team's API key: with it you upload your bots and
        enter them on the contest's leaderboard.
      </p>
      <form class="stack" method="post" action="/ui/signup">
        <label>
          Invite code
          <input name="invite" required maxlength={200} autocomplete="off" value={invite} />
        </label>
        <label>
          Team name
          <input name="team" required maxlength={100} autocomplete="organization" />
        </label>
        {board ? <input type="hidden" name="board" value={board} /> : null}
        <div>
          <button class="primary" type="submit">
            Sign up
          </button>
        </div>
      </form>
    </Page>
  );
}

/** The new key, shown this once: the page is never cached, and the key is not put in any address. */
export function SignedUpPage({ team, secret, boards }: { team: string; secret: string; boards: readonly string[] }) {
  return (
    <Page title="Your team key">
      <h1>Welcome, {team}</h1>
      <section class="card" aria-labelledby="key">
        <h2 id="key">Your team's API key</h2>
        <p>
          This is the only time it is shown. Keep it secret: anyone holding it acts as your team. Paste it under “API
          key” above to use this site with it.
        </p>
        <p>
          <code id="new-key" class="secret">
            {secret}
          </code>
        </p>
      </section>
      <section class="card" aria-labelledby="next">
        <h2 id="next">Next</h2>
        <ol>
          <li>
            <a href="/upload">Upload your bot</a> for the contest's game.
          </li>
          {boards.map((id) => (
            <li>
              Enter it on <a href={`/leaderboards/${id}`}>the leaderboard</a>.
            </li>
          ))}
          <li>
            Follow your versions, entries and failures on <a href="/team">your team's page</a>.
          </li>
        </ol>
      </section>
    </Page>
  );
}
