import type { GameModule } from '../../core/game-module.js';
import { ApiForm, ago, Page } from '../layout.js';
import { Table } from '../table.js';
import type { BoardView, RoundView, TableRow } from './leaderboard.js';

/** A board as its organizer sees it: the service fields the admin page changes. */
export interface AdminBoard {
  readonly id: string;
  readonly name: string;
  readonly game: string;
  readonly public?: boolean;
  readonly hidden?: boolean;
  readonly teams?: boolean;
  readonly deadline?: string;
  readonly frozenAt?: string;
  readonly finalBoard?: string;
  readonly manifestSha256?: string;
}

export interface AdminEntry extends TableRow {
  readonly status?: string;
  readonly reason?: string;
  readonly team?: string;
  readonly pin?: number | null;
}

export interface AdminView {
  readonly board: AdminBoard;
  readonly table: readonly AdminEntry[];
  readonly latestRound: (RoundView & { readonly schedule?: string }) | null;
  readonly recentMatches: BoardView['recentMatches'];
  /** An invite code just made: shown on the page that follows its creation, once. */
  readonly invite?: string;
}

const ENTRY_COLUMNS = [
  { label: 'Rank', num: true },
  { label: 'Entry' },
  { label: 'Team' },
  { label: 'Status' },
  { label: 'Played', num: true },
  { label: 'Change' },
];
const MATCH_COLUMNS = [{ label: 'Match' }, { label: 'Finished' }, { label: 'Void or rerun' }];
const STATUSES = ['active', 'disabled', 'banned', 'removed'] as const;

/** `<input type=datetime-local>` reads and writes UTC here: the page says so. */
const localInput = (iso: string | undefined) => (iso ? iso.slice(0, 16) : '');

/**
 * The organizer's page of a board: its settings, invites, entries (status
 * with a reason its team sees), rounds of every schedule, matches to void or
 * rerun, freezing with the manifest, the final, and the CSV exports. Every
 * control is a form: the script sends it with the saved key.
 */
export function BoardAdminContent({ view, game, now }: { view: AdminView; game: GameModule | undefined; now: Date }) {
  const b = view.board;
  const base = `/ui/leaderboards/${b.id}`;
  const frozen = typeof b.frozenAt === 'string';
  const round = view.latestRound;
  const running = round !== null && round.status === 'running';
  return (
    <>
      <h1>Organize {b.name}</h1>
      <p class="muted">
        {game?.title ?? b.game} · <a href={`/leaderboards/${b.id}`}>public page</a> ·{' '}
        {b.hidden ? 'hidden' : b.public ? 'listed' : 'not listed'}
        {b.deadline ? ` · deadline ${b.deadline}` : ''}
        {frozen ? ` · frozen ${ago(b.frozenAt!, now)}` : ''}
      </p>
      {frozen ? (
        <p class="card" id="frozen-note">
          Frozen: the standings are final. Manifest <a href={`/v1/leaderboards/${b.id}/manifest`}>manifest.json</a>
          {b.manifestSha256 ? (
            <>
              , SHA-256 <code>{b.manifestSha256}</code>
            </>
          ) : null}
          .
        </p>
      ) : null}

      <section class="card" aria-labelledby="settings">
        <h2 id="settings">Settings</h2>
        <ApiForm action={`${base}/settings`} label="Save settings">
          <label>
            Name
            <input name="name" required maxlength={100} value={b.name} autocomplete="off" />
          </label>
          <label class="check">
            <input type="checkbox" name="public" value="true" checked={b.public === true} /> Public: listed on the home
            page
          </label>
          <label class="check">
            <input type="checkbox" name="hidden" value="true" checked={b.hidden === true} /> Hidden: seen only by you
            and its entrants
          </label>
          <label class="check">
            <input type="checkbox" name="teams" value="true" checked={b.teams === true} /> Teams you minted keys for may
            enter their own bots
          </label>
          <label>
            Deadline (UTC; entries and new versions are refused after it; empty: none)
            <input type="datetime-local" name="deadline" value={localInput(b.deadline)} />
          </label>
        </ApiForm>
      </section>

      <section class="card" aria-labelledby="invites">
        <h2 id="invites">Invites</h2>
        {view.invite ? (
          <p id="new-invite">
            New invite code (shown once): <code>{view.invite}</code>. Teams sign up at{' '}
            <code>{`/signup?invite=${view.invite}`}</code>.
          </p>
        ) : null}
        <ApiForm action={`${base}/invites`} label="Make an invite">
          <label>
            Most sign-ups with it (empty: 20)
            <input type="number" name="maxUses" min={1} max={10000} />
          </label>
          <label>
            Valid for days (empty: no expiry)
            <input type="number" name="days" min={1} max={365} />
          </label>
        </ApiForm>
      </section>

      <section class="card" aria-labelledby="entries">
        <h2 id="entries">Entries</h2>
        {view.table.length === 0 ? (
          <p class="muted">No entries yet.</p>
        ) : (
          <Table columns={ENTRY_COLUMNS} id="admin-entries">
            {view.table.map((e) => (
              <tr>
                <td class="num">{e.rank}</td>
                <td>{e.botId ? <a href={`/bots/${e.botId}`}>{e.name ?? e.entryId}</a> : (e.name ?? e.entryId)}</td>
                <td>{e.team ?? '–'}</td>
                <td>
                  {e.status ?? 'active'}
                  {e.reason ? <span class="muted"> ({e.reason})</span> : null}
                </td>
                <td class="num">{e.played}</td>
                <td>
                  <form class="inline" method="post" action={`${base}/entries/${e.entryId}`} data-api-form>
                    <select name="status" aria-label={`status of ${e.name ?? e.entryId}`}>
                      {STATUSES.map((s) => (
                        <option value={s} selected={(e.status ?? 'active') === s}>
                          {s}
                        </option>
                      ))}
                    </select>
                    <input name="reason" maxlength={500} placeholder="reason" aria-label="reason" />
                    <button type="submit">Set</button>
                    <span role="alert"></span>
                  </form>
                </td>
              </tr>
            ))}
          </Table>
        )}
        <ApiForm action={`${base}/entries`} label="Enter a bot">
          <label>
            Bot id
            <input name="bot" required placeholder="bot_…" autocomplete="off" />
          </label>
        </ApiForm>
      </section>

      <section class="card" aria-labelledby="rounds">
        <h2 id="rounds">Rounds</h2>
        {round ? (
          <p id="latest-round">
            Latest: {round.schedule ?? 'round-robin'}, {round.done + round.failed} of {round.total} played
            {round.failed > 0 ? `, ${round.failed} failed` : ''} ({round.status}).
          </p>
        ) : (
          <p class="muted">No round yet.</p>
        )}
        {running ? (
          <ApiForm action={`${base}/rounds/${round!.id}/cancel`} label="Cancel this round">
            <p class="muted">Matches not yet started are not played.</p>
          </ApiForm>
        ) : null}
        {frozen ? (
          <p class="muted">The board is frozen: no more rounds.</p>
        ) : (
          <ApiForm action={`${base}/rounds`} label="Start a round">
            <label>
              Schedule
              <select name="schedule">
                <option value="round-robin">Round robin: every entry plays every other</option>
                <option value="ladder">Ladder: pairs by fewest games, close ratings, stale pairs</option>
                <option value="swiss">Swiss: pairs by match points, no rematches</option>
              </select>
            </label>
            <label>
              Ladder: matches in all
              <input type="number" name="matches" min={1} max={100000} />
            </label>
            <label>
              Swiss: rounds
              <input type="number" name="rounds" min={1} max={50} />
            </label>
            <label class="check">
              <input type="checkbox" name="concurrent" value="true" /> Even while another round runs
            </label>
          </ApiForm>
        )}
      </section>

      <section class="card" aria-labelledby="matches">
        <h2 id="matches">Recent matches</h2>
        {(view.recentMatches ?? []).length === 0 ? (
          <p class="muted">No matches yet.</p>
        ) : (
          <Table columns={MATCH_COLUMNS} id="admin-matches">
            {(view.recentMatches ?? []).map((line) => (
              <tr>
                <td>
                  <a href={`/matches/${String(line.match)}`}>{String(line.match).slice(0, 8)}</a>
                  {line.void ? <span class="muted"> (void)</span> : null}
                </td>
                <td>{typeof line.finishedAt === 'string' ? ago(line.finishedAt, now) : '–'}</td>
                <td>
                  <form
                    class="inline"
                    method="post"
                    action={`${base}/matches/${String(line.match)}/void`}
                    data-api-form
                  >
                    <input name="reason" maxlength={500} placeholder="reason" aria-label="reason to void" />
                    <button type="submit">Void</button>
                    <span role="alert"></span>
                  </form>{' '}
                  <form
                    class="inline"
                    method="post"
                    action={`${base}/matches/${String(line.match)}/rerun`}
                    data-api-form
                  >
                    <button type="submit">Rerun</button>
                    <span role="alert"></span>
                  </form>
                </td>
              </tr>
            ))}
          </Table>
        )}
        {frozen ? null : (
          <ApiForm action={`${base}/rerate`} label="Re-rate from all results">
            <p class="muted">Every rating is computed again from the results not voided, in the order they finished.</p>
          </ApiForm>
        )}
      </section>

      <section class="card" aria-labelledby="freeze">
        <h2 id="freeze">Freeze and final</h2>
        {frozen ? (
          b.finalBoard ? (
            <p>
              The final: <a href={`/leaderboards/${b.finalBoard}`}>its board</a>.
            </p>
          ) : (
            <ApiForm action={`${base}/final`} label="Play the final">
              <label>
                Top entries in the final round robin
                <input type="number" name="top" min={2} max={64} value="8" required />
              </label>
            </ApiForm>
          )
        ) : (
          <ApiForm action={`${base}/freeze`} label="Freeze the standings">
            <p class="muted">
              Fixes the standings and publishes a manifest with its hash: every entry's version, the settings and every
              round's schedule and seeds.
            </p>
          </ApiForm>
        )}
      </section>

      <section class="card" aria-labelledby="exports">
        <h2 id="exports">Exports (CSV)</h2>
        <ul>
          {['standings', 'matches', 'head-to-head'].map((name) => (
            <li>
              <a href={`/v1/leaderboards/${b.id}/${name}.csv`} download={`${b.id}-${name}.csv`} data-with-key>
                {name}.csv
              </a>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}

/** Without the owner's key the page has nothing to show: the script fetches it again with the saved key. */
export function BoardAdminLocked({ id }: { id: string }) {
  return (
    <Page title="Organize a leaderboard" needsKey>
      <h1>Organize leaderboard {id}</h1>
      <p>This page is for the board's organizer: paste the key that created it under “API key” above.</p>
      <p role="alert"></p>
    </Page>
  );
}
