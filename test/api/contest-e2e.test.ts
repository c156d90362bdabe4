import { describe, expect, it } from 'vitest';
import { createKey, keyedClient, type TestKey } from './keys.js';
import { useServer } from '../support/server.js';

// A 20-team contest through the API, as an organizer runs one, on the `npm start` server with
// AUTH=required and its embedded storage. The steps run in order and share what they made.

const server = useServer({
  env: { AUTH: 'required', UMPIRE_WORKERS: '2', VERSION_DISABLE_MIN_MATCHES: '3', VERSION_DISABLE_ERROR_SHARE: '0.5' },
});
const call = keyedClient(() => server.base);

const TEAMS = 20;
const idle = (k: number) => `// team ${k}\nexport default () => "idle\\nidle\\nidle\\nidle\\n";`;
// Answers its first turns, then throws on every call: it passes the upload check and errs in matches.
const TIRES =
  "let n = 0; export default () => { if (++n > 5) throw new Error('tired of snow'); return 'idle\\nidle\\nidle\\nidle\\n'; }";
// Capture's do-nothing bot: it makes a valid upload for Capture.
const CAPTURE_BOT = 'export default () => "";';

interface Team {
  readonly name: string;
  readonly key: TestKey;
  bot: string;
  entry: string;
}

async function settled(board: string, round: string, timeoutMs = 240_000) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    const r = await call(null, 'GET', `/v1/leaderboards/${board}/rounds/${round}`);
    if (r.body.status !== 'running') return r.body;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`round ${round} is still running`);
}

/** RFC 4180 rows (no field here holds a line break). */
const csvRows = (text: string) =>
  text
    .trim()
    .split(/\r?\n/)
    .map((line) => line.match(/("([^"]|"")*"|[^,]*)(,|$)/g)!.map((f) => f.replace(/,$/, '').replace(/^"|"$/g, '')));

describe('a 20-team contest, end to end through the API', () => {
  let organizer: TestKey;
  let board = '';
  let invite = '';
  const teams: Team[] = [];

  it('1. the organizer creates a board with a deadline and an invite, and mints 20 team keys from a CSV', async () => {
    organizer = await createKey(server.dataDir, 'organizer', 5000, ['--admin']);
    const created = await call(organizer, 'POST', '/v1/leaderboards', {
      name: 'Winter cup',
      game: 'icy',
      rating: 'elo',
      public: true,
    });
    expect(created.status, created.text).toBe(201);
    board = created.body.id;
    const deadline = new Date(Date.now() + 3_600_000).toISOString();
    const patched = await call(organizer, 'PATCH', `/v1/leaderboards/${board}`, { teams: true, deadline });
    expect(patched.status, patched.text).toBe(200);
    const made = await call(organizer, 'POST', `/v1/leaderboards/${board}/invites`, { maxUses: 1 });
    expect(made.status, made.text).toBe(201);
    invite = made.body.code;

    const csv = ['team,name', ...Array.from({ length: TEAMS }, (_, k) => `Team ${k + 1},"team ${k + 1}, laptop"`)].join(
      '\n',
    );
    const minted = await fetch(`${server.base}/v1/keys`, {
      method: 'POST',
      headers: { 'content-type': 'text/csv', authorization: `Bearer ${organizer.key}` },
      body: csv,
    });
    const body = (await minted.json()) as { items: { key: string; id: string; team: string; scope: string }[] };
    expect(minted.status).toBe(201);
    expect(body.items).toHaveLength(TEAMS);
    for (const k of body.items) {
      expect(k.scope).toBe('team');
      teams.push({ name: k.team, key: { key: k.key, id: k.id }, bot: '', entry: '' });
    }

    // The invite signs one more team up, once; a second use is refused.
    const signed = await call(null, 'POST', '/v1/signup', { invite, team: 'Walruses' });
    expect(signed.status, signed.text).toBe(201);
    expect(signed.body).toMatchObject({ scope: 'team', team: 'Walruses', boards: [board] });
    const again = await call(null, 'POST', '/v1/signup', { invite, team: 'Otters' });
    expect(again.body.error.code).toBe('INVITE_USED_UP');
  }, 60_000);

  it('2. teams upload and enter their bots; a version for another game is refused; a broken version is disabled', async () => {
    for (const [k, team] of teams.entries()) {
      const bot = await call(team.key, 'POST', '/v1/bots', { game: 'icy', js: idle(k), name: `team-${k + 1}.js` });
      expect(bot.status, bot.text).toBe(201);
      team.bot = bot.body.id;
      const entry = await call(team.key, 'POST', `/v1/leaderboards/${board}/entries`, { bot: team.bot });
      expect(entry.status, entry.text).toBe(201);
      team.entry = entry.body.entryId ?? entry.body.id;
      expect(entry.body).toMatchObject({ team: team.name });
    }
    // A team may not enter another team's bot, nor a bot of another game.
    const theirs = await call(teams[1]!.key, 'POST', `/v1/leaderboards/${board}/entries`, { bot: teams[0]!.bot });
    expect(theirs.status).toBe(404);
    const capture = await call(teams[2]!.key, 'POST', '/v1/bots', { game: 'capture', js: CAPTURE_BOT });
    expect(capture.status, capture.text).toBe(201);
    const wrongBoard = await call(teams[2]!.key, 'POST', `/v1/leaderboards/${board}/entries`, { bot: capture.body.id });
    expect(wrongBoard.status).toBe(422);
    expect(wrongBoard.body.error.code).toBe('BOT_GAME_MISMATCH');
    expect(wrongBoard.body.error.message).toMatch(/capture/);
    expect(wrongBoard.body.error.message).toMatch(/icy/);

    // A version for another game is refused, naming both games; the bot keeps its one version.
    const other = await call(teams[2]!.key, 'POST', `/v1/bots/${teams[2]!.bot}/versions`, {
      game: 'capture',
      js: CAPTURE_BOT,
    });
    expect([400, 422]).toContain(other.status);
    expect(other.body.error.message).toMatch(/icy/);
    expect(other.body.error.message).toMatch(/capture/);
    expect((await call(teams[2]!.key, 'GET', `/v1/bots/${teams[2]!.bot}/versions`)).body.items).toHaveLength(1);

    // Team 4's second version passes its check, then errs in its matches.
    const broken = await call(teams[3]!.key, 'POST', `/v1/bots/${teams[3]!.bot}/versions`, { js: TIRES });
    expect(broken.status, broken.text).toBe(201);
    expect(broken.body).toMatchObject({ number: 2, status: 'active' });
  }, 120_000);

  it('3. a ladder runs 200 matches; the broken version is disabled and the earlier one plays on', async () => {
    const round = await call(organizer, 'POST', `/v1/leaderboards/${board}/rounds`, {
      schedule: 'ladder',
      matches: 200,
    });
    expect(round.status, round.text).toBe(202);
    const done = await settled(board, round.body.id);
    expect(done).toMatchObject({ total: 200, done: 200, failed: 0, status: 'finished' });
    const table = (await call(organizer, 'GET', `/v1/leaderboards/${board}`)).body.table as {
      botId: string;
      played: number;
    }[];
    expect(table.reduce((n, r) => n + r.played, 0)).toBe(400);

    const team4 = teams[3]!;
    const versions = (await call(team4.key, 'GET', `/v1/bots/${team4.bot}/versions`)).body.items;
    expect(versions[0]).toMatchObject({ number: 2, status: 'disabled' });
    expect(versions[0].disabled.reason).toMatch(/tired of snow|erred/);
    expect(versions[1]).toMatchObject({ number: 1, status: 'active' });
    // Its matches by version: some with version 2 (until it was disabled), then version 1 again.
    const v2 = await call(team4.key, 'GET', `/v1/matches?bot=${team4.bot}&version=2&limit=100`);
    const v1 = await call(team4.key, 'GET', `/v1/matches?bot=${team4.bot}&version=1&limit=100`);
    expect(v2.body.items.length).toBeGreaterThanOrEqual(3);
    expect(v1.body.items.length).toBeGreaterThan(0);
    const lastV2 = v2.body.items
      .map((m: { createdAt: string }) => m.createdAt)
      .sort()
      .at(-1);
    expect(v1.body.items.some((m: { createdAt: string }) => m.createdAt > lastV2)).toBe(true);
  }, 300_000);

  it("4. a team reads its own seat's log in a match against another team, and not the other team's", async () => {
    const [a, b] = [teams[0]!, teams[1]!];
    const mine = (await call(a.key, 'GET', `/v1/matches?bot=${a.bot}&limit=100`)).body.items as {
      id: string;
      seats?: { bot?: string }[];
    }[];
    expect(mine.length).toBeGreaterThan(0);
    const match = mine[0]!;
    const logs = await call(a.key, 'GET', `/v1/matches/${match.id}/logs`);
    expect(logs.status, logs.text).toBe(200);
    const seats = Object.values(logs.body as Record<string, unknown>).filter(
      (v) => v === null || typeof v === 'string',
    );
    expect(seats.filter((v) => v === null)).toHaveLength(1);
    expect(seats.filter((v) => typeof v === 'string')).toHaveLength(1);
    // The organizer reads every seat of the board's matches.
    const all = await call(organizer, 'GET', `/v1/matches/${match.id}/logs`);
    const allSeats = Object.values(all.body as Record<string, unknown>).filter(
      (v) => v === null || typeof v === 'string',
    );
    expect(allSeats.every((v) => typeof v === 'string')).toBe(true);
    // The other seat's team reads its own seat and not this team's: the two answers share no log.
    // The board's result line names both seats' entries: the other one is the opponent's.
    const lines = (await call(organizer, 'GET', `/v1/leaderboards/${board}/matches?limit=1000`)).text
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    const line = lines.find((l) => l.match === match.id)!;
    const entries = JSON.stringify([line.red, line.blue]);
    const opponent = teams.find((t) => t !== a && entries.includes(t.entry));
    expect(opponent).toBeDefined();
    // A team in neither seat reads nothing of it: not this team, not the one the result line names.
    const outsider = teams.find((t) => t !== a && t !== opponent)!;
    const refused = await call(outsider.key, 'GET', `/v1/matches/${match.id}/logs`);
    expect(refused.status).toBe(403);
    {
      const theirs = await call(opponent!.key, 'GET', `/v1/matches/${match.id}/logs`);
      const readBy = (body: Record<string, unknown>) =>
        Object.entries(body)
          .filter(([, v]) => typeof v === 'string')
          .map(([seat]) => seat);
      expect(readBy(theirs.body)).toHaveLength(1);
      expect(readBy(theirs.body)).not.toEqual(readBy(logs.body));
    }
    expect(b).toBeDefined();
  }, 60_000);

  let finalBoard = '';
  it('5. the organizer bans an entry, freezes the board after its deadline and runs a final among the top 8', async () => {
    const banned = teams[5]!;
    const ban = await call(organizer, 'PATCH', `/v1/leaderboards/${board}/entries/${banned.entry}`, {
      status: 'banned',
      reason: 'shared code with team 7',
    });
    expect(ban.status, ban.text).toBe(200);
    // The team sees why.
    const seen = (await call(banned.key, 'GET', `/v1/bots/${banned.bot}/boards`)).body.items[0];
    expect(JSON.stringify(seen)).toContain('shared code with team 7');

    // The deadline passes: entries are refused.
    const past = new Date(Date.now() - 1000).toISOString();
    expect((await call(organizer, 'PATCH', `/v1/leaderboards/${board}`, { deadline: past })).status).toBe(200);
    const late = await call(teams[0]!.key, 'POST', '/v1/bots', { game: 'icy', js: idle(99) });
    const lateEntry = await call(teams[0]!.key, 'POST', `/v1/leaderboards/${board}/entries`, { bot: late.body.id });
    expect([lateEntry.status, lateEntry.body.error.code]).toEqual([409, 'DEADLINE_PASSED']);

    const frozen = await call(organizer, 'POST', `/v1/leaderboards/${board}/freeze`);
    expect(frozen.status, frozen.text).toBe(200);
    const manifest = await fetch(`${server.base}/v1/leaderboards/${board}/manifest`);
    const bytes = new Uint8Array(await manifest.arrayBuffer());
    const digest = Buffer.from(await crypto.subtle.digest('SHA-256', bytes)).toString('hex');
    expect(JSON.stringify(frozen.body)).toContain(digest);
    const doc = JSON.parse(new TextDecoder().decode(bytes));
    expect(doc.entries).toHaveLength(TEAMS);
    // The broken version was disabled: team 4 plays version 1 at the freeze, with that version's bundle.
    const team4 = doc.entries.find((e: { botId: string }) => e.botId === teams[3]!.bot);
    const v1 = (await call(teams[3]!.key, 'GET', `/v1/bots/${teams[3]!.bot}/versions/1`)).body;
    expect(team4).toMatchObject({ version: 1, sha256: v1.sha256 });
    expect(doc.matches.length).toBeGreaterThanOrEqual(200);
    // Any team re-verifies a match the manifest lists: the same replay bytes, the same hash.
    const listed = doc.matches[0];
    const verified = await call(teams[7]!.key, 'POST', `/v1/matches/${listed.match}/verify`);
    expect(verified.status, verified.text).toBe(200);
    expect(verified.body).toMatchObject({ identical: true, storedSha256: listed.replaySha256 });
    // Frozen: no more rounds.
    const more = await call(organizer, 'POST', `/v1/leaderboards/${board}/rounds`);
    expect(more.status).toBe(409);

    const final = await call(organizer, 'POST', `/v1/leaderboards/${board}/final`, { top: 8 });
    expect(final.status, final.text).toBe(201);
    finalBoard = final.body.board?.id ?? final.body.id ?? final.body.leaderboard?.id;
    const round = final.body.round?.id;
    expect(round).toBeDefined();
    const done = await settled(finalBoard, round);
    expect(done).toMatchObject({ total: 56, done: 56, failed: 0 });
    const finalTable = (await call(organizer, 'GET', `/v1/leaderboards/${finalBoard}`)).body.table as {
      botId: string;
    }[];
    expect(finalTable).toHaveLength(8);
    expect(finalTable.map((r) => r.botId)).not.toContain(banned.bot);
  }, 300_000);

  it('6. the organizer exports standings, matches and a head-to-head table as CSV', async () => {
    const get = async (name: string) => {
      const r = await fetch(`${server.base}/v1/leaderboards/${board}/${name}.csv`, {
        headers: { authorization: `Bearer ${organizer.key}` },
      });
      expect(r.status).toBe(200);
      expect(r.headers.get('content-type')).toMatch(/^text\/csv/);
      return csvRows(await r.text());
    };
    const standings = await get('standings');
    expect(standings).toHaveLength(TEAMS + 1);
    const matches = await get('matches');
    expect(matches).toHaveLength(200 + 1);
    const h2h = await get('head-to-head');
    expect(h2h.length).toBeGreaterThan(1);
    expect(standings.slice(1).every((row) => row.length === standings[0]!.length)).toBe(true);
  }, 60_000);

  it('7. a revoked team key is refused on its very next request', async () => {
    const team = teams[19]!;
    expect((await call(team.key, 'GET', '/v1/bots')).status).toBe(200);
    const revoked = await call(organizer, 'POST', `/v1/keys/${team.key.id}/revoke`);
    expect(revoked.status).toBe(200);
    const next = await call(team.key, 'GET', '/v1/bots');
    expect([next.status, next.body.error.code]).toEqual([401, 'KEY_REVOKED']);
  }, 30_000);
});
