import { ApiForm, ago, Page } from '../layout.js';
import { Table } from '../table.js';
import type { BoardStanding, BotView } from './bot.js';
import type { MatchItem } from './home.js';

/** The key reading the page, as GET /v1/me shows it. */
export interface KeyView {
  readonly id: string;
  readonly name: string;
  readonly scope: string;
  readonly team?: string | null;
}

export interface VersionView {
  readonly number: number;
  readonly sha256: string;
  readonly createdAt: string;
  readonly status: string;
  /** Why it is disabled: its upload check, its owner, or the service after its matches erred. */
  readonly disabled: { readonly by: string; readonly reason: string } | null;
}

/** An entry of one of the team's bots, with what the organizer set on it. */
export interface EntryOfBot extends BoardStanding {
  readonly entry?: { readonly status?: string; readonly reason?: string; readonly pin?: number | null };
  readonly status?: string;
  readonly reason?: string;
}

export interface TeamBot {
  readonly bot: BotView;
  readonly versions: readonly VersionView[];
  readonly entries: readonly EntryOfBot[];
  readonly matches: readonly { readonly record: MatchItem; readonly seats: readonly SeatView[] }[];
}

const VERSION_COLUMNS = [
  { label: 'Version', num: true },
  { label: 'Uploaded' },
  { label: 'SHA-256' },
  { label: 'Status' },
];
const ENTRY_COLUMNS = [
  { label: 'Leaderboard' },
  { label: 'Status' },
  { label: 'Rank', num: true },
  { label: 'Played', num: true },
];
const MATCH_COLUMNS = [
  { label: 'Match' },
  { label: 'Played' },
  { label: 'Version', num: true },
  { label: 'Failures' },
  { label: 'Logs' },
];

const statusOf = (s: { status?: string; entry?: { status?: string } }) => s.entry?.status ?? s.status ?? 'active';
const reasonOf = (s: { reason?: string; entry?: { reason?: string } }) => s.entry?.reason ?? s.reason;

/** A seat of a match as GET /v1/matches/:id/seats shows it to the reader. */
export interface SeatView {
  readonly seat: string;
  readonly bot: string | null;
  readonly version: number | null;
  readonly readable: boolean;
  readonly failure: { readonly code: string; readonly turn: number | null; readonly message: string } | null;
}

/** The first failure of each of this bot's seats in a match. */
function failuresOf(seats: readonly SeatView[], botId: string): string[] {
  return seats
    .filter((s) => s.bot === botId && s.failure)
    .map(
      (s) =>
        `${s.failure!.code}${s.failure!.turn === null ? '' : ` on turn ${s.failure!.turn}`}: ${s.failure!.message}`,
    );
}

/**
 * A team's page: its bots, each with its versions (disabled ones with their
 * reason), its entries (with what the organizer set), its latest matches
 * with their failures and a link to its own logs.
 */
export function TeamContent({ me, bots, now }: { me: KeyView; bots: readonly TeamBot[]; now: Date }) {
  return (
    <>
      <h1>{me.team ? `Team ${me.team}` : me.name}</h1>
      <p class="muted">
        Key {me.id} ({me.scope}). <a href="/upload">Upload a new bot</a>.
      </p>
      {bots.length === 0 ? <p>No bots yet.</p> : null}
      {bots.map(({ bot, versions, entries, matches }) => (
        <section class="card" aria-labelledby={`bot-${bot.id}`}>
          <h2 id={`bot-${bot.id}`}>
            <a href={`/bots/${bot.id}`}>{bot.name ?? bot.id}</a> <span class="muted">({bot.game ?? bot.kind})</span>
          </h2>
          <h3>Versions</h3>
          <Table columns={VERSION_COLUMNS} id={`versions-${bot.id}`}>
            {versions.map((v) => (
              <tr>
                <td class="num">{v.number}</td>
                <td>{ago(v.createdAt, now)}</td>
                <td>
                  <code>{v.sha256.slice(0, 12)}</code>
                </td>
                <td>
                  {v.status}
                  {v.disabled ? <span class="muted"> ({v.disabled.reason})</span> : null}
                </td>
              </tr>
            ))}
          </Table>
          <ApiForm action={`/ui/bots/${bot.id}/versions`} label="Upload a new version" multipart>
            <label>
              Bot file
              <input type="file" name="bot" required />
            </label>
          </ApiForm>
          <h3>Entries</h3>
          {entries.length === 0 ? (
            <p class="muted">Not entered on any leaderboard.</p>
          ) : (
            <Table columns={ENTRY_COLUMNS} id={`entries-${bot.id}`}>
              {entries.map((e) => (
                <tr>
                  <td>
                    <a href={`/leaderboards/${e.leaderboard.id}`}>{e.leaderboard.name}</a>
                  </td>
                  <td>
                    {statusOf(e)}
                    {reasonOf(e) ? <span class="muted"> ({reasonOf(e)})</span> : null}
                  </td>
                  <td class="num">{e.rank ?? '–'}</td>
                  <td class="num">{e.played}</td>
                </tr>
              ))}
            </Table>
          )}
          <h3>Latest matches</h3>
          {matches.length === 0 ? (
            <p class="muted">No matches yet.</p>
          ) : (
            <Table columns={MATCH_COLUMNS} id={`matches-${bot.id}`}>
              {matches.map(({ record: m, seats }) => {
                const failures = failuresOf(seats, bot.id);
                return (
                  <tr>
                    <td>
                      <a href={`/matches/${m.id}`}>{m.id.slice(0, 8)}</a>
                    </td>
                    <td>{ago(m.createdAt, now)}</td>
                    <td class="num">
                      {seats
                        .filter((s) => s.bot === bot.id)
                        .map((s) => s.version ?? '–')
                        .join(', ') || '–'}
                    </td>
                    <td>{failures.length === 0 ? '–' : failures.join('; ')}</td>
                    <td>
                      <a href={`/v1/matches/${m.id}/logs`} download={`${m.id}-logs.json`} data-with-key>
                        your logs
                      </a>
                    </td>
                  </tr>
                );
              })}
            </Table>
          )}
        </section>
      ))}
    </>
  );
}

export function TeamLocked() {
  return (
    <Page title="Your team" needsKey>
      <h1>Your team</h1>
      <p>
        Your team's page shows your bots' versions, entries, failures and logs: paste your team's key under “API key”
        above. No key yet? Sign up with the invite your organizer gave you.
      </p>
      <p role="alert"></p>
    </Page>
  );
}
