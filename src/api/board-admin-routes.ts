import type { Hono, MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { changeBoard } from '../leaderboard/board-update.js';
import { boardIsFrozen } from '../leaderboard/boards.js';
import type { LeaderboardDeps } from '../leaderboard/deps.js';
import { finalEntry, finalOf, MAX_FINAL_ENTRIES, topEntries } from '../leaderboard/final-board.js';
import { collectManifest, frozenVersions, manifestBytes, manifestKey, versionCutoff } from '../leaderboard/manifest.js';
import { scheduleRound } from '../leaderboard/schedule-round.js';
import { sha256Hex } from '../match/digest.js';
import type { JobQueue } from '../store/contract/job-queue.js';
import type { ApiKeyRecord, KeyStore } from '../store/contract/keys.js';
import { entryStatusOf, type Entry, type Leaderboard } from '../store/contract/leaderboards.js';
import type { RoundJob } from '../store/contract/round-job.js';
import { readerOf, type AuthMode } from './auth.js';
import {
  isEntrant,
  ownBoard,
  readableBoard,
  refuseAfterDeadline,
  refuseFrozen,
  refuseRunningRound,
} from './board-access.js';
import { boardDocs } from './board-route-docs.js';
import { entryId } from './leaderboard-views.js';
import { enforceLimit, roundMatchCount, type Limits } from './limits.js';
import { ApiProblem } from './problems.js';
import { checkId, parseInput, readJson } from './schemas.js';

type Env = { Variables: { owner: ApiKeyRecord } };

export const BoardPatch = z
  .object({
    name: z.string().min(1).max(100).optional(),
    public: z.boolean().optional().describe('listed by GET /v1/leaderboards (unless hidden)'),
    hidden: z.boolean().optional().describe('not listed, and seen only by its owner and its entrants'),
    teams: z.boolean().optional().describe('team keys minted by the owner (POST /v1/keys) may enter their own bots'),
    deadline: z.iso
      .datetime({ offset: true })
      .nullable()
      .optional()
      .describe('after it, entries and pin changes are refused (409 DEADLINE_PASSED); null removes it'),
  })
  .strict();

export const EntryPatch = z
  .object({
    status: z
      .enum(['active', 'disabled', 'banned', 'removed'])
      .optional()
      .describe('non-active entries sit out new rounds'),
    reason: z.string().min(1).max(500).optional().describe("why, shown to the entry's team"),
    pin: z.number().int().min(1).nullable().optional().describe('the bot version it plays; null: its latest'),
  })
  .strict();

export const FinalRequest = z
  .object({
    top: z.number().int().min(2).max(MAX_FINAL_ENTRIES).describe('how many of the top entries play the final'),
  })
  .strict();

const parse = async <T>(schema: z.ZodType<T>, raw: Request): Promise<T> => parseInput(schema, await readJson(raw));

/** The entry of a board with this entry id, or 404. */
async function entryById(entries: readonly Entry[], boardId: string, id: string): Promise<Entry> {
  checkId('entry', id);
  for (const e of entries) if ((await entryId(boardId, e.botId)) === id) return e;
  throw new ApiProblem(404, 'NOT_FOUND', `no entry '${id}' on this leaderboard`);
}

/**
 * The organizer's tools on a board: change its name, visibility and deadline; set an entry's status
 * (with a reason its team sees) or pinned version; freeze it, publishing its manifest; run a final
 * among its top entries.
 */
export function boardAdminRoutes(
  app: Hono<Env>,
  deps: LeaderboardDeps & { limits: Limits; keys: KeyStore; auth: AuthMode },
  auth: MiddlewareHandler<Env>,
  queue: JobQueue<RoundJob> | undefined,
): void {
  /** Writes a change to a board, again on the fresh board if another writer changed it meanwhile. */
  const change = async (id: string, apply: (b: Leaderboard) => Leaderboard) => {
    const written = await changeBoard(deps.leaderboards, id, apply);
    if (!written) throw new ApiProblem(503, 'BOARD_CONTENDED', 'the leaderboard kept changing; try again');
    return written;
  };

  app.patch('/v1/leaderboards/:id', boardDocs.patchBoard(BoardPatch), auth, async (c) => {
    const b = await ownBoard(deps.leaderboards, c.req.param('id'), c.get('owner'));
    const patch = await parse(BoardPatch, c.req.raw);
    const updated = await change(b.id, (current) => {
      if (patch.deadline !== undefined) refuseFrozen(current, 'deadline');
      const { deadline: _old, ...rest } = current;
      const deadline = patch.deadline === undefined ? current.deadline : patch.deadline;
      return {
        ...rest,
        ...(patch.name !== undefined ? { name: patch.name } : {}),
        ...(patch.public !== undefined ? { public: patch.public } : {}),
        ...(patch.hidden !== undefined ? { hidden: patch.hidden } : {}),
        ...(patch.teams !== undefined ? { teams: patch.teams } : {}),
        ...(deadline ? { deadline: new Date(deadline).toISOString() } : {}),
      };
    });
    return c.json(updated);
  });

  app.patch('/v1/leaderboards/:id/entries/:entry', boardDocs.patchEntry(EntryPatch), auth, async (c) => {
    const caller = c.get('owner');
    const b = await readableBoard(deps.leaderboards, c.req.param('id'), caller);
    const patch = await parse(EntryPatch, c.req.raw);
    refuseFrozen(b, 'entries');
    if (patch.pin !== undefined) refuseAfterDeadline(b, new Date(), 'pin');
    const id = c.req.param('entry');
    for (let attempt = 0; attempt < 8; attempt++) {
      const entry = await entryById(await deps.leaderboards.entries(b.id), b.id, id);
      if (caller.id !== b.owner) checkTeamChange(b, entry, caller, patch);
      const next = patchedEntry(entry, caller.id === b.owner ? patch : { ...patch, reason: 'withdrawn by its team' });
      // An entry a match rated meanwhile has a newer version: read it again and apply the change to it.
      if (await deps.leaderboards.putEntry(b.id, next)) {
        const { history: _history, unconfirmed: _unconfirmed, ...shown } = next;
        return c.json({ entryId: id, ...shown });
      }
    }
    throw new ApiProblem(503, 'BOARD_CONTENDED', 'the entry kept changing; try again');
  });

  app.post('/v1/leaderboards/:id/freeze', boardDocs.freezeBoard, auth, async (c) => {
    const b = await ownBoard(deps.leaderboards, c.req.param('id'), c.get('owner'));
    refuseFrozen(b, 'freeze');
    await refuseRunningRound(deps.leaderboards, b, 'freeze');
    const frozenAt = new Date().toISOString();
    const bytes = manifestBytes(await collectManifest(deps, b, frozenAt));
    const sha256 = await sha256Hex(bytes);
    // Stored under its hash before the board names it: a board never points at a missing manifest,
    // and a freeze that lost a race leaves an unreferenced manifest, never a changed one.
    await deps.blobs.put(manifestKey(b.id, sha256), bytes, { contentType: 'application/json' });
    const frozen = await change(b.id, (current) => {
      refuseFrozen(current, 'freeze');
      return { ...current, frozenAt, manifestSha256: sha256 };
    });
    return c.json(frozen);
  });

  app.get('/v1/leaderboards/:id/manifest', boardDocs.getManifest, async (c) => {
    const reader = await readerOf(deps.keys, deps.auth, c.req.header('Authorization'));
    const b = await readableBoard(deps.leaderboards, c.req.param('id'), reader);
    if (!b.manifestSha256)
      throw new ApiProblem(404, 'NOT_FROZEN', 'the leaderboard is not frozen: it has no manifest yet');
    const bytes = await deps.blobs.get(manifestKey(b.id, b.manifestSha256));
    if (!bytes) throw new ApiProblem(503, 'MANIFEST_MISSING', `the manifest of leaderboard ${b.id} is missing`);
    return new Response(bytes as Uint8Array<ArrayBuffer>, {
      headers: {
        'Content-Type': 'application/json',
        'Umpire-Manifest-Sha256': b.manifestSha256,
        'Cache-Control': 'public, max-age=31536000, immutable',
      },
    });
  });

  app.post('/v1/leaderboards/:id/final', boardDocs.finalRound(FinalRequest), auth, async (c) => {
    const b = await ownBoard(deps.leaderboards, c.req.param('id'), c.get('owner'));
    const { top } = await parse(FinalRequest, c.req.raw);
    if (!queue) throw new ApiProblem(501, 'NO_QUEUE', 'this deployment has no match queue for rounds');
    if (!boardIsFrozen(b))
      throw new ApiProblem(
        409,
        'NOT_FROZEN',
        'a final is played among the top of a frozen leaderboard: freeze it first',
      );
    if (b.finalBoard) throw finalExists(b);
    enforceLimit('entriesPerBoard', deps.limits.entriesPerBoard, top, 'entries on a leaderboard');
    const now = new Date();
    const final = finalOf(b, now);
    const chosen = topEntries(b, await deps.leaderboards.entries(b.id, { history: false }), top);
    if (chosen.length < 2)
      throw new ApiProblem(409, 'TOO_FEW_ENTRIES', `a final needs 2 active entries; this board has ${chosen.length}`);
    enforceLimit(
      'matchesPerRound',
      deps.limits.matchesPerRound,
      roundMatchCount(final, chosen.length),
      'matches in a round',
    );
    await deps.leaderboards.createBoard(final);
    const frozen = await frozenVersions(deps, chosen, versionCutoff(b, b.frozenAt ?? now.toISOString()));
    for (const e of chosen) await deps.leaderboards.addEntry(final.id, finalEntry(final, e, frozen.get(e.botId)));
    // Linked once: of two finals asked for at once, one is scheduled, the other refused.
    await change(b.id, (current) => {
      if (current.finalBoard) throw finalExists(current);
      return { ...current, finalBoard: final.id };
    });
    const round = await scheduleRound(deps, queue, final, now);
    c.header('Location', `/v1/leaderboards/${final.id}`);
    return c.json({ leaderboard: final, round: { ...round, status: round.total === 0 ? 'finished' : 'running' } }, 201);
  });
}

/** An entry with a patch applied: a reason only while it is not active, a pin unless unpinned; its next version. */
function patchedEntry(entry: Entry, patch: z.infer<typeof EntryPatch>): Entry {
  const { reason: _reason, pin: _pin, status: _status, ...rest } = entry;
  const status = patch.status ?? entryStatusOf(entry);
  const reason =
    status === 'active' ? undefined : patch.status !== undefined ? patch.reason : (patch.reason ?? entry.reason);
  const pin = patch.pin === undefined ? entry.pin : patch.pin;
  return {
    ...rest,
    ...(status !== 'active' ? { status } : {}),
    ...(reason !== undefined ? { reason } : {}),
    ...(pin !== undefined && pin !== null ? { pin } : {}),
    version: entry.version + 1,
  };
}

/**
 * What a team may change of its own entry: its pin, and withdraw it (status removed) while it is
 * active; anything else, or another team's entry, is 403 FORBIDDEN.
 */
function checkTeamChange(
  board: Leaderboard,
  entry: Entry,
  caller: ApiKeyRecord,
  patch: z.infer<typeof EntryPatch>,
): void {
  if (!isEntrant(board, entry, caller))
    throw new ApiProblem(403, 'FORBIDDEN', "only the leaderboard's owner and the entry's team change an entry");
  const withdraws = patch.status === 'removed' && entryStatusOf(entry) === 'active';
  if ((patch.status !== undefined && !withdraws) || patch.reason !== undefined)
    throw new ApiProblem(
      403,
      'FORBIDDEN',
      "a team pins its entry's version or withdraws it (status removed); the organizer sets the rest",
    );
}

const finalExists = (b: Leaderboard) =>
  new ApiProblem(409, 'FINAL_EXISTS', `leaderboard ${b.id} has its final already: ${b.finalBoard}`, {
    final: b.finalBoard,
  });
