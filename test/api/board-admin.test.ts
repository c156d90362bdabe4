import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createKey, keyedClient, type TestKey } from './keys.js';
import { useServer } from '../support/server.js';

// The organizer's tools on a board, with AUTH=required: an organizer's admin key, teams it minted
// keys for, and another organizer's team. Each control is tried by who may not use it first.

const dataDir = mkdtempSync(join(tmpdir(), 'umpire-board-admin-'));
const server = useServer({ dataDir, env: { AUTH: 'required' } });
const call = keyedClient(() => server.base);

const IDLE = 'export default () => "idle\\nidle\\nidle\\nidle\\n"';
const code = (r: { status: number; body: { error?: { code: string } } | null }) => [r.status, r.body?.error?.code];

async function finish(key: TestKey, board: string, round: string): Promise<void> {
  for (let i = 0; i < 600; i++) {
    const r = await call(key, 'GET', `/v1/leaderboards/${board}/rounds/${round}`);
    if (r.body.status === 'finished') return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the round did not finish');
}

describe("an organizer's board, its teams and its final", () => {
  let organizer: TestKey;
  let red: TestKey;
  let green: TestKey;
  let stranger: TestKey;
  let board = '';
  let deadline = '';
  const bots: Record<string, string> = {};
  const entries: Record<string, string> = {};

  beforeAll(async () => {
    organizer = await createKey(dataDir, 'organizer', 1000, ['--admin']);
    const other = await createKey(dataDir, 'other organizer', 1000, ['--admin']);
    const mint = async (admin: TestKey, team: string) => {
      const made = await call(admin, 'POST', '/v1/keys', { team, rate: 1000 });
      expect(made.status, made.text).toBe(201);
      return { key: made.body.key, id: made.body.id } as TestKey;
    };
    red = await mint(organizer, 'red');
    green = await mint(organizer, 'green');
    stranger = await mint(other, 'blue');
    const upload = async (key: TestKey, name: string, js: string) => {
      const r = await call(key, 'POST', '/v1/bots', { name, game: 'icy', js });
      expect(r.status, r.text).toBe(201);
      bots[name] = r.body.id;
    };
    await upload(red, 'red bot', IDLE);
    await upload(green, 'green bot', IDLE);
    await upload(stranger, 'blue bot', IDLE);
    await upload(organizer, 'hunter', readFileSync('src/games/icy/bots/hunter.js', 'utf8'));
    await upload(organizer, 'planter', readFileSync('src/games/icy/bots/planter.js', 'utf8'));
  }, 60_000);

  it('a team key creates no board; the organizer makes one, hidden and open to its teams', async () => {
    expect(code(await call(red, 'POST', '/v1/leaderboards', { name: 'mine', game: 'icy' }))).toEqual([
      403,
      'ADMIN_KEY_REQUIRED',
    ]);
    const created = await call(organizer, 'POST', '/v1/leaderboards', { name: 'cup', game: 'icy', maps: ['default'] });
    expect(created.status, created.text).toBe(201);
    board = created.body.id;
    // Not invited yet: the board does not take teams.
    expect(code(await call(red, 'POST', `/v1/leaderboards/${board}/entries`, { bot: bots['red bot'] }))).toEqual([
      403,
      'FORBIDDEN',
    ]);
    expect(code(await call(red, 'PATCH', `/v1/leaderboards/${board}`, { teams: true }))).toEqual([403, 'FORBIDDEN']);
    const patched = await call(organizer, 'PATCH', `/v1/leaderboards/${board}`, {
      teams: true,
      hidden: true,
      public: true,
    });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.body).toMatchObject({ id: board, teams: true, hidden: true, public: true, name: 'cup' });
    expect(code(await call(organizer, 'PATCH', `/v1/leaderboards/${board}`, { owner: 'me' }))[0]).toBe(400);
  });

  it('invited teams enter their own bots only; a hidden board shows to its owner and entrants alone', async () => {
    const entered = await call(red, 'POST', `/v1/leaderboards/${board}/entries`, { bot: bots['red bot'] });
    expect(entered.status, entered.text).toBe(201);
    expect(entered.body).toMatchObject({ enteredBy: red.id, team: 'red' });
    entries.red = entered.body.entryId;
    // Another team's bot, or the organizer's, is not the team's to enter.
    expect(code(await call(red, 'POST', `/v1/leaderboards/${board}/entries`, { bot: bots['green bot'] }))).toEqual([
      404,
      'NOT_FOUND',
    ]);
    expect(code(await call(red, 'POST', `/v1/leaderboards/${board}/entries`, { bot: bots.hunter }))).toEqual([
      404,
      'NOT_FOUND',
    ]);
    // Another organizer's team is not invited, and does not even see the hidden board.
    expect(code(await call(stranger, 'POST', `/v1/leaderboards/${board}/entries`, { bot: bots['blue bot'] }))).toEqual([
      404,
      'NOT_FOUND',
    ]);
    for (const name of ['hunter', 'planter']) {
      const r = await call(organizer, 'POST', `/v1/leaderboards/${board}/entries`, { bot: bots[name] });
      expect(r.status, r.text).toBe(201);
      expect(r.body).toMatchObject({ enteredBy: organizer.id });
      entries[name] = r.body.entryId;
    }
    expect((await call(red, 'GET', `/v1/leaderboards/${board}`)).status).toBe(200);
    expect((await call(organizer, 'GET', `/v1/leaderboards/${board}`)).status).toBe(200);
    expect(code(await call(null, 'GET', `/v1/leaderboards/${board}`))).toEqual([404, 'NOT_FOUND']);
    expect(code(await call(stranger, 'GET', `/v1/leaderboards/${board}/standings.csv`))).toEqual([404, 'NOT_FOUND']);
    const listed = await call(null, 'GET', '/v1/leaderboards?limit=100');
    expect(listed.body.items.map((b: { id: string }) => b.id)).not.toContain(board);
  });

  it('controls entries: the organizer bans with a reason its team sees; a team pins or withdraws its own only', async () => {
    const path = (entry: string) => `/v1/leaderboards/${board}/entries/${entry}`;
    expect(code(await call(red, 'PATCH', path(entries.hunter!), { status: 'removed' }))).toEqual([403, 'FORBIDDEN']);
    expect(code(await call(green, 'PATCH', path(entries.red!), { pin: 1 }))).toEqual([403, 'FORBIDDEN']);
    expect(code(await call(stranger, 'PATCH', path(entries.red!), { pin: 1 }))).toEqual([404, 'NOT_FOUND']);
    expect(code(await call(red, 'PATCH', path(entries.red!), { status: 'active', reason: 'me' }))).toEqual([
      403,
      'FORBIDDEN',
    ]);
    expect(code(await call(organizer, 'PATCH', path('ent_nope'), { status: 'banned' }))).toEqual([404, 'NOT_FOUND']);
    const pinned = await call(red, 'PATCH', path(entries.red!), { pin: 1 });
    expect(pinned.status, pinned.text).toBe(200);
    expect(pinned.body).toMatchObject({ entryId: entries.red, pin: 1 });
    const banned = await call(organizer, 'PATCH', path(entries.planter!), { status: 'banned', reason: 'copied code' });
    expect(banned.body).toMatchObject({ status: 'banned', reason: 'copied code' });
    // The table says banned to all who see the board; the reason to the organizer (and the entry's team).
    const ownerView = (await call(organizer, 'GET', `/v1/leaderboards/${board}`)).body.table;
    expect(ownerView.find((r: { entryId: string }) => r.entryId === entries.planter)).toMatchObject({
      status: 'banned',
      reason: 'copied code',
    });
    const redView = (await call(red, 'GET', `/v1/leaderboards/${board}`)).body.table;
    const row = redView.find((r: { entryId: string }) => r.entryId === entries.planter);
    expect(row.status).toBe('banned');
    expect(row.reason).toBeUndefined();
    expect(redView.find((r: { entryId: string }) => r.entryId === entries.red).status).toBeUndefined();
  });

  it('plays rounds without the banned entry, and exports standings, matches and head-to-head as CSV', async () => {
    expect(code(await call(red, 'POST', `/v1/leaderboards/${board}/rounds`))).toEqual([403, 'FORBIDDEN']);
    const round = await call(organizer, 'POST', `/v1/leaderboards/${board}/rounds`);
    expect(round.status, round.text).toBe(202);
    expect(round.body.total).toBe(2); // red and hunter, both colors; the banned planter sits out
    await finish(organizer, board, round.body.id);
    const standings = await call(red, 'GET', `/v1/leaderboards/${board}/standings.csv`);
    expect(standings.status).toBe(200);
    expect(standings.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const rows = standings.text.trimEnd().split('\r\n');
    expect(rows[0]).toBe('rank,entry,bot,name,rating,uncertainty,points,wins,losses,draws,played,status');
    expect(rows).toHaveLength(4);
    expect(rows.find((r) => r.includes(entries.planter!))).toMatch(/,0,banned$/);
    const matches = (await call(organizer, 'GET', `/v1/leaderboards/${board}/matches.csv`)).text
      .trimEnd()
      .split('\r\n');
    expect(matches[0]).toBe('match,round,finished_at,map,entries,names,scores,ranks,void');
    expect(matches).toHaveLength(3);
    for (const line of matches.slice(1)) {
      const fields = line.split(',');
      expect(fields[1]).toBe(round.body.id);
      expect(fields[3]).toBe('default');
      expect(fields[4]!.split(' ').sort()).toEqual([entries.red, entries.hunter].sort());
      expect(fields[7]).toMatch(/^[12] [12]$/);
      expect(fields[8]).toBe('false');
    }
    const h2h = (await call(organizer, 'GET', `/v1/leaderboards/${board}/head-to-head.csv`)).text
      .trimEnd()
      .split('\r\n');
    expect(h2h[0]).toBe('entry,name,opponent,opponent_name,wins,losses,draws');
    expect(h2h).toHaveLength(2);
    const [wins, losses, draws] = h2h[1]!.split(',').slice(-3).map(Number);
    expect(wins! + losses! + draws!).toBe(2);
  }, 180_000);

  it('re-rates exactly, voids a match out of every rating, and plays a match again in a round of its own', async () => {
    const table = async () =>
      (await call(organizer, 'GET', `/v1/leaderboards/${board}?history=1`)).body.table as {
        entryId: string;
        rating: number;
        uncertainty: number;
        played: number;
        history: unknown[];
      }[];
    const exported = async () => (await call(organizer, 'GET', `/v1/leaderboards/${board}/matches`)).text;
    const before = await table();
    const lines = await exported();
    expect(code(await call(red, 'POST', `/v1/leaderboards/${board}/rerate`))).toEqual([403, 'FORBIDDEN']);
    const rerated = await call(organizer, 'POST', `/v1/leaderboards/${board}/rerate`);
    expect(rerated.status, rerated.text).toBe(200);
    expect(rerated.body).toEqual({ rerated: 2 });
    // Nothing void: the very ratings, records, histories and export lines the board had.
    expect(await table()).toEqual(before);
    expect(await exported()).toBe(lines);

    const [first, second] = lines
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l).match as string);
    const voidPath = `/v1/leaderboards/${board}/matches/${first}/void`;
    expect(code(await call(red, 'POST', voidPath, { reason: 'x' }))).toEqual([403, 'FORBIDDEN']);
    expect(
      code(await call(organizer, 'POST', `/v1/leaderboards/${board}/matches/${'A'.repeat(22)}/void`, { reason: 'x' })),
    ).toEqual([404, 'NOT_FOUND']);
    const voided = await call(organizer, 'POST', voidPath, { reason: 'a server fault' });
    expect(voided.status, voided.text).toBe(200);
    expect(voided.body).toMatchObject({ match: first, void: { reason: 'a server fault' }, rerated: 1 });
    expect(code(await call(organizer, 'POST', voidPath, { reason: 'again' }))).toEqual([409, 'ALREADY_VOID']);
    const after = await table();
    for (const row of after.filter((r) => r.entryId !== entries.planter)) {
      expect(row.played).toBe(1);
      expect(row.history).toHaveLength(1);
    }
    const csvLines = (await call(organizer, 'GET', `/v1/leaderboards/${board}/matches.csv`)).text;
    expect(csvLines).toMatch(new RegExp(`^${first},.*,true$`, 'm'));
    expect(csvLines).toMatch(new RegExp(`^${second},.*,false$`, 'm'));
    // Re-rating again changes nothing: the same lines give the same ratings.
    await call(organizer, 'POST', `/v1/leaderboards/${board}/rerate`);
    expect(await table()).toEqual(after);

    const rerun = await call(organizer, 'POST', `/v1/leaderboards/${board}/matches/${first}/rerun`);
    expect(rerun.status, rerun.text).toBe(202);
    expect(rerun.body).toMatchObject({ total: 1, status: 'running' });
    await finish(organizer, board, rerun.body.id);
    const replayed = (await exported())
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(replayed).toHaveLength(3);
    expect(replayed[2]).toMatchObject({ round: rerun.body.id, map: 'default' });
    expect(replayed[2].match).not.toBe(first);
    for (const row of (await table()).filter((r) => r.entryId !== entries.planter)) expect(row.played).toBe(2);
  }, 120_000);

  it('refuses entries and pins after the deadline (409 DEADLINE_PASSED)', async () => {
    // Just past: every version uploaded so far may still play; nothing may join from now on.
    deadline = new Date(Date.now() - 1).toISOString();
    const past = await call(organizer, 'PATCH', `/v1/leaderboards/${board}`, { deadline });
    expect(past.body.deadline).toBe(deadline);
    expect(code(await call(green, 'POST', `/v1/leaderboards/${board}/entries`, { bot: bots['green bot'] }))).toEqual([
      409,
      'DEADLINE_PASSED',
    ]);
    expect(code(await call(red, 'PATCH', `/v1/leaderboards/${board}/entries/${entries.red}`, { pin: null }))).toEqual([
      409,
      'DEADLINE_PASSED',
    ]);
  });

  let manifestHash = '';

  it('freezes: the manifest is published under its hash, and every control is refused after', async () => {
    expect(code(await call(red, 'POST', `/v1/leaderboards/${board}/freeze`))).toEqual([403, 'FORBIDDEN']);
    expect(code(await call(organizer, 'GET', `/v1/leaderboards/${board}/manifest`))).toEqual([404, 'NOT_FROZEN']);
    expect(code(await call(organizer, 'POST', `/v1/leaderboards/${board}/final`, { top: 2 }))).toEqual([
      409,
      'NOT_FROZEN',
    ]);
    const frozen = await call(organizer, 'POST', `/v1/leaderboards/${board}/freeze`);
    expect(frozen.status, frozen.text).toBe(200);
    expect(frozen.body.frozenAt).toMatch(/^\d{4}-/);
    manifestHash = frozen.body.manifestSha256;
    expect(manifestHash).toMatch(/^[0-9a-f]{64}$/);
    expect((await call(red, 'GET', `/v1/leaderboards/${board}`)).body.leaderboard).toMatchObject({
      frozenAt: frozen.body.frozenAt,
      manifestSha256: manifestHash,
    });
    expect(code(await call(organizer, 'POST', `/v1/leaderboards/${board}/freeze`))).toEqual([409, 'BOARD_FROZEN']);
    expect(code(await call(organizer, 'POST', `/v1/leaderboards/${board}/rounds`))).toEqual([409, 'BOARD_FROZEN']);
    expect(
      code(await call(organizer, 'PATCH', `/v1/leaderboards/${board}/entries/${entries.red}`, { status: 'banned' })),
    ).toEqual([409, 'BOARD_FROZEN']);
    expect(code(await call(organizer, 'PATCH', `/v1/leaderboards/${board}`, { deadline: null }))).toEqual([
      409,
      'BOARD_FROZEN',
    ]);
    expect((await call(organizer, 'PATCH', `/v1/leaderboards/${board}`, { name: 'cup 2026' })).status).toBe(200);
  });

  it('serves the same manifest bytes, hashing to the published hash, and each listed match re-verifies', async () => {
    const first = await fetch(`${server.base}/v1/leaderboards/${board}/manifest`, {
      headers: { authorization: `Bearer ${red.key}` },
    });
    expect(first.status).toBe(200);
    const bytes = Buffer.from(await first.arrayBuffer());
    expect(first.headers.get('umpire-manifest-sha256')).toBe(manifestHash);
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(manifestHash);
    // A rename after the freeze changes the board, not its manifest.
    const again = await call(red, 'GET', `/v1/leaderboards/${board}/manifest`);
    expect(createHash('sha256').update(again.text).digest('hex')).toBe(manifestHash);
    const manifest = JSON.parse(bytes.toString('utf8'));
    expect(manifest).toMatchObject({
      format: 'umpire-manifest/1',
      leaderboard: { id: board, name: 'cup', game: 'icy' },
    });
    expect(manifest.leaderboard.settings).toMatchObject({ maps: ['default'] });
    expect(manifest.leaderboard.deadline).toBe(deadline);
    expect(manifest.entries).toHaveLength(3);
    expect(manifest.entries.find((e: { botId: string }) => e.botId === bots['red bot'])).toMatchObject({ version: 1 });
    expect(manifest.entries.find((e: { botId: string }) => e.botId === bots.planter)).toMatchObject({
      status: 'banned',
    });
    expect(manifest.rounds).toHaveLength(2);
    expect(manifest.matches).toHaveLength(3);
    expect(manifest.matches.map((m: { void: boolean }) => m.void)).toEqual([true, false, false]);
    const listed = manifest.matches[0];
    const verified = await call(organizer, 'POST', `/v1/matches/${listed.match}/verify`);
    expect(verified.status, verified.text).toBe(200);
    expect(verified.body).toMatchObject({ identical: true, storedSha256: listed.replaySha256 });
  }, 120_000);

  it('runs a final among the top active entries, pinned at the freeze, once', async () => {
    expect(code(await call(red, 'POST', `/v1/leaderboards/${board}/final`, { top: 2 }))).toEqual([403, 'FORBIDDEN']);
    expect(code(await call(organizer, 'POST', `/v1/leaderboards/${board}/final`, { top: 65 }))[0]).toBe(400);
    const final = await call(organizer, 'POST', `/v1/leaderboards/${board}/final`, { top: 8 });
    expect(final.status, final.text).toBe(201);
    const finalId = final.body.leaderboard.id;
    const frozenAt = (await call(organizer, 'GET', `/v1/leaderboards/${board}`)).body.leaderboard.frozenAt;
    expect(final.body.leaderboard).toMatchObject({
      name: 'cup 2026 final',
      game: 'icy',
      maps: ['default'],
      finalOf: board,
      // The deadline then was earlier than the freeze: versions after it never play in the final either.
      deadline,
    });
    expect(frozenAt).toBeDefined();
    expect(final.body.round.total).toBe(2);
    expect((await call(organizer, 'GET', `/v1/leaderboards/${board}`)).body.leaderboard.finalBoard).toBe(finalId);
    expect(code(await call(organizer, 'POST', `/v1/leaderboards/${board}/final`, { top: 2 }))).toEqual([
      409,
      'FINAL_EXISTS',
    ]);
    await finish(organizer, finalId, final.body.round.id);
    const table = (await call(red, 'GET', `/v1/leaderboards/${finalId}`)).body.table;
    expect(table.map((r: { name: string }) => r.name).sort()).toEqual(['hunter', 'red bot']);
    expect(table.every((r: { played: number }) => r.played === 2)).toBe(true);
  }, 180_000);
});

describe('invite codes and sign-up', () => {
  let organizer: TestKey;
  let board = '';
  let open = '';

  beforeAll(async () => {
    organizer = await createKey(dataDir, 'inviting organizer', 1000, ['--admin']);
    board = (await call(organizer, 'POST', '/v1/leaderboards', { name: 'open cup', game: 'icy' })).body.id;
    open = (await call(organizer, 'POST', '/v1/leaderboards', { name: 'teams cup', game: 'icy' })).body.id;
    expect((await call(organizer, 'PATCH', `/v1/leaderboards/${open}`, { teams: true })).status).toBe(200);
  }, 30_000);

  it('makes a code for the owner only, shown once, bounded in uses and per board', async () => {
    const team = (await call(organizer, 'POST', '/v1/keys', { team: 'minted' })).body;
    expect(code(await call(team, 'POST', `/v1/leaderboards/${board}/invites`, {}))).toEqual([403, 'FORBIDDEN']);
    expect(code(await call(organizer, 'POST', `/v1/leaderboards/${board}/invites`, { maxUses: 501 }))[0]).toBe(400);
    const made = await call(organizer, 'POST', `/v1/leaderboards/${board}/invites`, { maxUses: 1 });
    expect(made.status, made.text).toBe(201);
    expect(made.body).toMatchObject({ board, maxUses: 1, uses: 0 });
    expect(made.body.code).toMatch(/^inv_[A-Za-z0-9_-]{22}$/);
    const other = await call(null, 'GET', `/v1/leaderboards/${board}`);
    expect(other.text).not.toContain(made.body.code);
  });

  it('signs a team up once per use; a bad, unknown, used-up or expired code mints nothing', async () => {
    const once = (await call(organizer, 'POST', `/v1/leaderboards/${board}/invites`, { maxUses: 1 })).body.code;
    const expired = (
      await call(organizer, 'POST', `/v1/leaderboards/${board}/invites`, { expiresAt: '2020-01-01T00:00:00Z' })
    ).body.code;
    expect(code(await call(null, 'POST', '/v1/signup', { invite: 'nope', team: 'x' }))[0]).toBe(400);
    expect(code(await call(null, 'POST', '/v1/signup', { invite: `inv_${'A'.repeat(22)}`, team: 'x' }))).toEqual([
      404,
      'INVITE_UNKNOWN',
    ]);
    expect(code(await call(null, 'POST', '/v1/signup', { invite: expired, team: 'x' }))).toEqual([
      409,
      'INVITE_EXPIRED',
    ]);
    const signed = await call(null, 'POST', '/v1/signup', { invite: once, team: 'yellow' });
    expect(signed.status, signed.text).toBe(201);
    expect(signed.body).toMatchObject({ scope: 'team', team: 'yellow', createdBy: organizer.id, boards: [board] });
    expect(code(await call(null, 'POST', '/v1/signup', { invite: once, team: 'orange' }))).toEqual([
      409,
      'INVITE_USED_UP',
    ]);
    const yellow = { key: signed.body.key, id: signed.body.id } as TestKey;
    const bot = await call(yellow, 'POST', '/v1/bots', { name: 'yellow bot', game: 'icy', js: IDLE });
    expect(bot.status, bot.text).toBe(201);
    const entered = await call(yellow, 'POST', `/v1/leaderboards/${board}/entries`, { bot: bot.body.id });
    expect(entered.status, entered.text).toBe(201);
    expect(entered.body).toMatchObject({ enteredBy: yellow.id, team: 'yellow' });
    // The team withdraws its entry; bringing it back is the organizer's call.
    const entryPath = `/v1/leaderboards/${board}/entries/${entered.body.entryId}`;
    const withdrawn = await call(yellow, 'PATCH', entryPath, { status: 'removed' });
    expect(withdrawn.status, withdrawn.text).toBe(200);
    expect(withdrawn.body).toMatchObject({ status: 'removed', reason: 'withdrawn by its team' });
    expect(code(await call(yellow, 'PATCH', entryPath, { status: 'active' }))).toEqual([403, 'FORBIDDEN']);
    expect(code(await call(yellow, 'PATCH', entryPath, { status: 'removed' }))).toEqual([403, 'FORBIDDEN']);
    const mine = (await call(yellow, 'GET', `/v1/leaderboards/${board}`)).body.table;
    expect(mine[0]).toMatchObject({ status: 'removed', reason: 'withdrawn by its team' });
    expect((await call(null, 'GET', `/v1/leaderboards/${board}`)).body.table[0].reason).toBeUndefined();
    expect((await call(organizer, 'PATCH', entryPath, { status: 'active' })).body.status).toBeUndefined();
    // Invited to its code's board only, even where the organizer's minted teams are welcome.
    expect(code(await call(yellow, 'POST', `/v1/leaderboards/${open}/entries`, { bot: bot.body.id }))).toEqual([
      403,
      'FORBIDDEN',
    ]);
    expect(code(await call(yellow, 'POST', '/v1/leaderboards', { name: 'mine', game: 'icy' }))).toEqual([
      403,
      'ADMIN_KEY_REQUIRED',
    ]);
  });

  it('refuses a code past the bound of codes on a board', async () => {
    let last = { status: 0, body: null as { error?: { code: string } } | null };
    for (let i = 0; i < 20; i++) last = await call(organizer, 'POST', `/v1/leaderboards/${board}/invites`, {});
    expect(code(last)).toEqual([422, 'LIMIT_EXCEEDED']);
  });
});
