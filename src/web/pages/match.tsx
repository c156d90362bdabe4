import type { GameModule } from '../../core/game-module.js';
import { FailureCallouts } from '../failure-callouts.js';
import { ago, Page } from '../layout.js';
import { MatchSummary, seatsOf } from '../match-summary.js';
import { SeatErrors, type SeatErrorsItem } from '../seat-errors.js';
import type { MatchItem } from './home.js';

export function MatchPage({
  record,
  game,
  formats,
  seats,
  keySent,
  fuelPerMs,
  now,
}: {
  record: MatchItem;
  game: GameModule | undefined;
  formats: readonly { name: string; extension: string }[];
  /** Each seat's errors, when the reader may read a seat; null otherwise. */
  seats: readonly SeatErrorsItem[] | null;
  /** Whether the request carried a key (so that null seats mean "not yours", not "no key"). */
  keySent: boolean;
  /** Fuel per millisecond of the calibrated machine: bots' fuel shown as time. */
  fuelPerMs: number;
  now: Date;
}) {
  const base = `/v1/matches/${record.id}`;
  return (
    <Page title={`Match ${record.id.slice(0, 8)}`}>
      <h1>
        {game?.title ?? record.game} match <code>{record.id.slice(0, 8)}</code>
      </h1>
      <p class="muted">
        Played <time datetime={record.createdAt}>{ago(record.createdAt, now)}</time>
        {game ? (
          <>
            {' · '}
            <a href={`/games/${game.id}`}>{`${game.title}: rules and example bots`}</a>
          </>
        ) : null}
      </p>
      <MatchSummary record={record} fuelPerMs={fuelPerMs} />
      <FailureCallouts record={record} seats={seatsOf(record)} items={seats} />
      <section class="replay-frame" aria-labelledby="replay">
        <h2 id="replay">Replay</h2>
        <iframe
          class="viewer"
          data-game={record.game}
          src={`${base}/view?embed=1`}
          title={`Replay viewer of match ${record.id}`}
          loading="lazy"
        ></iframe>
        <p>
          <a href={`${base}/view`}>Open the viewer full page</a>
        </p>
      </section>
      <SeatErrors seats={seats} keySent={keySent} />
      <section class="card" aria-labelledby="downloads">
        <h2 id="downloads">Downloads</h2>
        <dl class="facts">
          <dt>Replay</dt>
          <dd>
            <a href={`${base}/replay`} download={`${record.id}.json`}>
              JSON
            </a>
            {formats.map((f) => (
              <>
                {' · '}
                <a href={`${base}/replay?format=${f.name}`} download={`${record.id}.${f.extension}`}>
                  {`${f.name} (.${f.extension})`}
                </a>
              </>
            ))}
          </dd>
          <dt>Logs</dt>
          <dd>
            <a href={`${base}/logs`} download={`${record.id}-logs.json`} data-with-key>
              The bots' logs
            </a>{' '}
            <span class="muted">(each seat to the key that filled it, its bot's owner, and the board's owner)</span>
          </dd>
        </dl>
      </section>
      {record.manifest ? (
        <details class="card">
          <summary>Manifest: engine, budgets, seed, map</summary>
          <pre>
            <code>{JSON.stringify(record.manifest, null, 2)}</code>
          </pre>
        </details>
      ) : null}
    </Page>
  );
}
