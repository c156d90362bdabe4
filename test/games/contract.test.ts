import { existsSync, readFileSync } from 'node:fs';
import { gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { UmpireError } from '../../src/core/errors.js';
import type { GameModule, MatchRecord } from '../../src/core/game-module.js';
import { CLI_COMMAND_NAMES, runCli } from '../../src/cli/main.js';
import { GAMES } from '../../src/games/catalog.js';
import { bundleKey } from '../../src/match/digest.js';
import { storedReplayBytes } from '../../src/match/match-object.js';
import { copyWithStoredParts } from '../support/stored-match.js';
import { inProcessRunner } from '../../src/match/in-process-runner.js';
import { playAndStore } from '../../src/match/store-match.js';
import { verifyMatch } from '../../src/match/verify-match.js';
import { ENGINE } from '../../src/version.js';
import { nodeBotLoader } from '../../src/sandbox/node-sources.js';
import { DEFAULT_LIMITS } from '../../src/sandbox/types.js';
import { MemoryBlobStore } from '../../src/store/memory/memory-blobs.js';
import { MemoryMatchStore } from '../../src/store/memory/memory-matches.js';
import { HAS_CHROMIUM, pageErrors, serveViewer, useBrowser } from '../support/browser.js';
import {
  botFile,
  brokenBot,
  bumpLastNumber,
  decode,
  exampleSeats,
  matchArgv,
  play,
  requestFor,
  seatEntries,
  seatOptions,
  seatReports,
  tempPath,
  winnerSeat,
} from './contract-helpers.js';

/**
 * One contract every registered game keeps, whatever it is: the suite loops
 * over GAMES and names none. Requests are built by each game's own CLI
 * (cli.usage, cli.options, cli.request) from its example bots.
 */

const SEED = 7;
const runner = inProcessRunner(nodeBotLoader);
/** Small budgets for the hostile bots (sandboxed games): 2e6 fuel a call. */
const HOSTILE_BUDGETS = { turnFuel: 2_000_000, firstTurnFuel: 2_000_000 };

const sandboxed = (game: GameModule) => game.engine.kind === 'sandbox';

/**
 * A hostile bot: `body` runs on every call, except that it answers the
 * game's handshake (if the game has one), so it is hostile in play rather
 * than dropped before the first turn.
 */
function hostileBot(game: GameModule, body: string): string {
  const handshake = game.engine.kind === 'sandbox' ? (game.engine.rules.handshake ?? null) : null;
  return `const H = ${JSON.stringify(handshake)};\nexport default function (input) {\n  if (H && input === H.input) return H.expect;\n  ${body}\n}\n`;
}
const withoutIdentity = ({ id: _id, createdAt: _createdAt, ...rest }: MatchRecord) => rest;

const chromium = HAS_CHROMIUM ? useBrowser() : null;

describe.each(GAMES.map((g) => [g.id, g] as const))('the contract of game %s', (_id, game) => {
  const examples = exampleSeats(game);

  it('has a usage line naming one seat option per seat, and example bots that exist', () => {
    expect(seatOptions(game)).toHaveLength(game.seats.length);
    expect(game.exampleBots.length).toBeGreaterThanOrEqual(game.seats.length);
    for (const path of game.exampleBots) expect(existsSync(path), path).toBe(true);
  });

  it("keeps its example bots in its folder, and brings subcommands that take no other command's name", async () => {
    for (const path of game.exampleBots) expect(path.startsWith(`src/games/${game.id}/bots/`), path).toBe(true);
    const help: string[] = [];
    expect(
      await runCli(
        ['--help'],
        (l) => help.push(l),
        (l) => help.push(l),
      ),
    ).toBe(0);
    for (const command of game.cli.commands ?? []) {
      expect(CLI_COMMAND_NAMES).not.toContain(command.name);
      for (const line of command.usage) {
        expect(line.startsWith(`umpire ${command.name} `)).toBe(true);
        expect(help.join('\n')).toContain(line);
      }
    }
  });

  // Shared by the determinism, verify and viewer checks.
  let first: Awaited<ReturnType<typeof play>>;

  it('1. is deterministic: the same request twice gives byte-identical replays and equal records', async () => {
    const request = requestFor(game, examples, SEED);
    first = await play(game, request, runner, 'm_first', new Date(0));
    const second = await play(game, requestFor(game, examples, SEED), runner, 'm_second', new Date(86_400_000));
    expect(JSON.stringify(second.replay)).toBe(JSON.stringify(first.replay));
    expect(JSON.stringify(second.logs)).toBe(JSON.stringify(first.logs));
    expect(second.record.id).toBe('m_second');
    expect(withoutIdentity(second.record)).toEqual(withoutIdentity(first.record));
    expect(JSON.stringify(withoutIdentity(second.record))).toBe(JSON.stringify(withoutIdentity(first.record)));
    // The replay is one the game's own schema accepts, and a real match was played.
    expect(game.replaySchema.safeParse(first.replay).success).toBe(true);
    expect(game.verify.steps(first.replay).length).toBeGreaterThan(0);
    // Nobody forfeited with the example bots.
    for (const entry of seatEntries(game, first.record, first.hashes)) expect(entry.forfeit).toBeUndefined();
  }, 60_000);

  describe('2. a broken bundle forfeits, and the match still completes', () => {
    const broken = brokenBot(game);
    if (game.bots.form === 'text') {
      it('(the broken text is one its upload check refuses)', () =>
        expect(game.bots.form === 'text' && game.bots.check(broken.text)).toEqual(expect.any(String)));
    }

    it('in the first seat: that seat forfeits and does not win', async () => {
      const paths = [botFile(broken.text, broken.extension), ...examples.slice(1)];
      const m = await play(game, requestFor(game, paths, SEED), runner);
      const entries = seatEntries(game, m.record, m.hashes);
      expect(entries[0]!.forfeit).toEqual({ code: expect.any(String), message: expect.any(String) });
      for (const entry of entries.slice(1)) expect(entry.forfeit).toBeUndefined();
      const winner = winnerSeat(game, m.record);
      expect(winner).not.toBe('unknown');
      expect(winner).not.toBe(0);
      if (game.seats.length === 2) expect(winner).toBe(1);
      expect(game.replaySchema.safeParse(m.replay).success).toBe(true);
      expect(JSON.stringify(m.replay)).toContain('forfeit');
    }, 60_000);

    it('in every seat: all forfeit and it is a draw', async () => {
      const paths = game.seats.map(() => botFile(broken.text, broken.extension));
      const m = await play(game, requestFor(game, paths, SEED), runner);
      for (const entry of seatEntries(game, m.record, m.hashes))
        expect(entry.forfeit).toEqual({ code: expect.any(String), message: expect.any(String) });
      expect(winnerSeat(game, m.record)).toBeNull();
      expect(game.replaySchema.safeParse(m.replay).success).toBe(true);
    }, 60_000);
  });

  describe.skipIf(!sandboxed(game))(
    '3. hostile bots finish at small budgets, the example bot beside them unaffected',
    () => {
      const hostile: [string, string, (report: ReturnType<typeof seatReports>[number], output: any) => void][] = [
        [
          'loops forever',
          'for (;;) {}',
          (r) => expect(r.overBudget + (r.terminatedAt !== undefined ? 1 : 0)).toBeGreaterThan(0),
        ],
        ['throws every turn', 'throw new Error("boom");', (r) => expect(r.errors).toBeGreaterThan(0)],
        [
          'floods console.log and answers 64 KB',
          'for (let i = 0; i < 50; i++) console.log("spam ".repeat(40)); return "x".repeat(65536);',
          (r, output) => {
            // The log is kept up to its cap, the answers are cut to theirs.
            expect(r.log.length).toBeGreaterThan(0);
            expect(r.log.length).toBeLessThanOrEqual(DEFAULT_LIMITS.logChars + 1024);
            const calls = output.replay.turns
              .map((t: { calls: { truncated?: boolean; failure?: string }[] }) => t.calls[0])
              .filter(Boolean);
            expect(
              calls.some(
                (c: { truncated?: boolean; failure?: string }) => c.truncated === true || c.failure !== undefined,
              ),
            ).toBe(true);
            const answers = output.replay.turns
              .flatMap((t: { answers: (string | null)[] }) => t.answers)
              .filter((a: string | null) => a !== null);
            for (const a of answers) expect(a.length).toBeLessThanOrEqual(DEFAULT_LIMITS.outputChars);
          },
        ],
      ];

      it('a call that used more fuel than its budget is never taken as an answer', async () => {
        // The bot's own code is cheap; reading its 64 KB answer back out of the engine is not.
        const paths = [botFile(hostileBot(game, 'return "x".repeat(65536);'), '.js'), ...examples.slice(1)];
        const m = await play(game, requestFor(game, paths, SEED, HOSTILE_BUDGETS), runner);
        const calls = (m.output as any).replay.turns
          .map((t: { calls: { fuel: number; failure?: string }[] }) => t.calls[0])
          .filter(Boolean) as { fuel: number; failure?: string }[];
        const accepted = calls.filter(
          (c) => c.failure === undefined && c.fuel > Math.max(HOSTILE_BUDGETS.turnFuel, HOSTILE_BUDGETS.firstTurnFuel),
        );
        expect(accepted.length, `calls over budget taken as answers, e.g. ${JSON.stringify(accepted[0])}`).toBe(0);
      }, 60_000);

      it('the request schema takes budgets', () => {
        const request = requestFor(game, examples, SEED, HOSTILE_BUDGETS) as { budgets?: unknown };
        expect(game.request.schema.safeParse({ ...request, budgets: HOSTILE_BUDGETS }).success).toBe(true);
      });

      it.each(hostile)(
        'a bot that %s',
        async (_, code, expectHostile) => {
          const started = performance.now();
          const paths = [botFile(hostileBot(game, code), '.js'), ...examples.slice(1)];
          const m = await play(game, requestFor(game, paths, SEED, HOSTILE_BUDGETS), runner);
          expect(performance.now() - started).toBeLessThan(30_000);
          const output = m.output as any;
          expect(output.replay.budgets).toMatchObject(HOSTILE_BUDGETS);
          expect(output.result.turns).toBeGreaterThan(0);
          const reports = seatReports(output);
          expect(reports[0]!.forfeit).toBeUndefined();
          expectHostile(reports[0]!, output);
          const entries = seatEntries(game, m.record, m.hashes);
          for (let k = 1; k < game.seats.length; k++) {
            expect(reports[k], `seat ${game.seats[k]}`).toMatchObject({ errors: 0, crashes: 0 });
            expect(reports[k]!.forfeit).toBeUndefined();
            expect(reports[k]!.terminatedAt).toBeUndefined();
            expect(entries[k]!.forfeit).toBeUndefined();
            if ('errors' in entries[k]!) expect(entries[k]!.errors).toBe(0);
            if ('crashes' in entries[k]!) expect(entries[k]!.crashes).toBe(0);
          }
          expect(game.replaySchema.safeParse(m.replay).success).toBe(true);
        },
        60_000,
      );
    },
  );

  describe('4. the verify round trip', () => {
    const blobs = new MemoryBlobStore();
    const matches = new MemoryMatchStore();
    const deps = { blobs, matches, runner };
    let id: string;

    it('a stored match verifies identical', async () => {
      const request = requestFor(game, examples, SEED);
      const seats = await decode(game, request);
      const record = await playAndStore(deps, game, request, seats, new Date(0), 'contract');
      id = record.id;
      const stored = (await matches.get<MatchRecord>(id))!;
      expect(stored).toEqual(record);
      for (const hash of (
        await Promise.all(seats.map((s) => crypto.subtle.digest('SHA-256', s.bytes as Uint8Array<ArrayBuffer>)))
      ).map((d) => Buffer.from(d).toString('hex'))) {
        expect(await blobs.get(bundleKey(hash))).not.toBeNull();
      }
      const replay = JSON.parse(gunzipSync((await storedReplayBytes(blobs, stored))!).toString('utf8'));
      expect(game.replaySchema.safeParse(replay).success).toBe(true);
      const v = await verifyMatch({ blobs, runner }, stored);
      expect(v).toMatchObject({
        id,
        identical: true,
        firstDifferentTurn: null,
        engine: { stored: ENGINE, rerun: ENGINE },
      });
      expect(v.rerunSha256).toBe(v.storedSha256);
      // A match another version stored says so, whatever the comparison finds.
      const manifest = (stored as unknown as { manifest: object }).manifest;
      const older = { ...stored, manifest: { ...manifest, engine: 'umpire/0.1.0' } } as MatchRecord;
      expect((await verifyMatch({ blobs, runner }, older)).engine).toEqual({ stored: 'umpire/0.1.0', rerun: ENGINE });
    }, 60_000);

    it('a stored replay with one step changed does not', async () => {
      const played = (await matches.get<MatchRecord>(id))!;
      const doc = JSON.parse(gunzipSync((await storedReplayBytes(blobs, played))!).toString('utf8'));
      const steps = game.verify.steps(doc) as unknown[];
      const k = Math.floor(steps.length / 2);
      expect(bumpLastNumber(steps[k])).toBe(true);
      const changed = await copyWithStoredParts({ blobs, matches }, id, { replay: gzipSync(JSON.stringify(doc)) });
      const record = (await matches.get<MatchRecord>(changed))!;
      try {
        const v = await verifyMatch({ blobs, runner }, record);
        expect(v.identical).toBe(false);
        expect(v.rerunSha256).not.toBe(v.storedSha256);
        expect(v.firstDifferentTurn).toBe(game.verify.label(k, steps[k]));
      } catch (e) {
        expect(e).toBeInstanceOf(UmpireError);
        expect((e as UmpireError).code).toBe('REPLAY_CORRUPT');
      }
    }, 60_000);
  });

  it.skipIf(!HAS_CHROMIUM)(
    '5. the viewer opens in Chromium at the turn the URL names, without errors',
    async () => {
      const { page: viewerPage } = await game.viewer.load();
      const server = await serveViewer(viewerPage, first.replay);
      const open = async (hash: string) => {
        const page = await chromium!.browser.newPage({ viewport: { width: 1100, height: 900 } });
        const errors = pageErrors(page);
        await page.goto(`${server.base}/view${hash}`);
        await page.waitForFunction(
          () => document.body.dataset.ready === 'true' || document.body.dataset.ready === 'error',
          null,
          { timeout: 20_000 },
        );
        const state = {
          ready: await page.evaluate(() => document.body.dataset.ready),
          label: (await page.textContent('#turn')) ?? '',
          error: (await page.textContent('#error')) ?? '',
          errors,
        };
        await page.close();
        return state;
      };
      try {
        const start = await open('');
        expect(start).toMatchObject({ ready: 'true', error: '', errors: [] });
        const total = Number(/(\d+)\s*\/\s*(\d+)/.exec(start.label)?.[2]);
        expect(total).toBeGreaterThan(2);
        expect(start.label).toMatch(new RegExp(`\\b0 / ${total}\\b`));
        const n = Math.floor(total / 3);
        // The shared controls read #t=N; a viewer of its own may read another key (#r=N for rounds).
        const tried: Record<string, Awaited<ReturnType<typeof open>>> = {};
        for (const key of ['t', 'r']) {
          tried[key] = await open(`#${key}=${n}`);
          if (tried[key]!.label.includes(`${n} / ${total}`)) break;
        }
        const shown = Object.entries(tried).find(([, s]) => s.label.includes(`${n} / ${total}`));
        expect(
          shown,
          `label after ${Object.keys(tried)
            .map((k) => `#${k}=${n}`)
            .join(', ')}: ${Object.values(tried)
            .map((s) => s.label)
            .join(' | ')}`,
        ).toBeDefined();
        expect(shown![1]).toMatchObject({ ready: 'true', error: '', errors: [] });
        if (shown![0] !== 't')
          console.warn(`[contract] ${game.id}: the viewer ignores #t=${n} and reads #${shown![0]}=${n}`);
      } finally {
        await server.close();
      }
    },
    60_000,
  );

  it('6. the CLI plays the example bots, prints JSON and writes a replay its schema accepts', async () => {
    const out = tempPath('replay.json.gz');
    const stdout: string[] = [];
    const stderr: string[] = [];
    const code = await runCli(
      [...matchArgv(game, examples), '--seed', String(SEED), '--out', out],
      (l) => stdout.push(l),
      (l) => stderr.push(l),
    );
    expect(stderr).toEqual([]);
    expect(code).toBe(0);
    const summary = JSON.parse(stdout.join('\n'));
    expect(typeof summary).toBe('object');
    const bytes = readFileSync(out);
    expect([bytes[0], bytes[1]]).toEqual([0x1f, 0x8b]);
    const text = gunzipSync(bytes).toString('utf8');
    const replay = JSON.parse(text);
    expect(game.replaySchema.safeParse(replay).success).toBe(true);
    // The CLI (a worker thread) and this thread play the same request alike.
    expect(text).toBe(JSON.stringify(first.replay));
  }, 60_000);
});
