import type { Hono, MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { base64UrlEncode } from '../core/base64url.js';
import type { LeaderboardDeps } from '../leaderboard/deps.js';
import { sha256Hex } from '../match/digest.js';
import type { ApiKeyRecord, KeyStore } from '../store/contract/keys.js';
import type { Invite, InviteRefusal } from '../store/contract/leaderboards.js';
import { newApiKey } from './auth.js';
import { ownBoard, refuseAfterDeadline, refuseFrozen } from './board-access.js';
import { boardDocs } from './board-route-docs.js';
import { DEFAULT_KEY_RATE, presentKey } from './key-batch.js';
import { ApiProblem } from './problems.js';
import { parseInput, readJson } from './schemas.js';

type Env = { Variables: { owner: ApiKeyRecord } };

/** How many invite codes a board may have, and how many keys one code may mint: sign-up mints keys within these bounds only. */
export const MAX_INVITES_PER_BOARD = 20;
export const MAX_INVITE_USES = 500;
const DEFAULT_INVITE_USES = 20;

export const NewInvite = z
  .object({
    maxUses: z
      .number()
      .int()
      .min(1)
      .max(MAX_INVITE_USES)
      .default(DEFAULT_INVITE_USES)
      .describe(`team keys it may mint (default ${DEFAULT_INVITE_USES})`),
    expiresAt: z.iso.datetime({ offset: true }).optional().describe('after it, the code is refused'),
  })
  .strict();

export const Signup = z
  .object({
    invite: z
      .string()
      .regex(/^inv_[A-Za-z0-9_-]{22}$/, 'must be an invite code from POST /v1/leaderboards/{id}/invites'),
    team: z.string().trim().min(1).max(100).describe("the team's name"),
    name: z.string().trim().min(1).max(100).optional().describe("the key's name (default: the team)"),
  })
  .strict();

const codeHash = (code: string) => sha256Hex(new TextEncoder().encode(code));

const REFUSALS: Record<InviteRefusal, ApiProblem> = {
  unknown: new ApiProblem(404, 'INVITE_UNKNOWN', 'invite: no such invite code'),
  'used-up': new ApiProblem(409, 'INVITE_USED_UP', 'invite: this code has minted all the keys it may'),
  expired: new ApiProblem(409, 'INVITE_EXPIRED', 'invite: this code has expired'),
};

/**
 * Invite codes: a board's owner makes one (shown once, stored as its sha256, with a bound on its uses
 * and an optional expiry); a team signs up with it, without a key, and gets a team key (shown once)
 * invited to that board only (ApiKeyRecord.boards).
 */
export function inviteRoutes(
  app: Hono<Env>,
  deps: LeaderboardDeps & { keys: KeyStore },
  auth: MiddlewareHandler<Env>,
): void {
  app.post('/v1/leaderboards/:id/invites', boardDocs.createInvite(NewInvite), auth, async (c) => {
    const b = await ownBoard(deps.leaderboards, c.req.param('id'), c.get('owner'));
    const input = parseInput(NewInvite, await readJson(c.req.raw));
    refuseFrozen(b, 'invites');
    refuseAfterDeadline(b, new Date(), 'invites');
    const code = `inv_${base64UrlEncode(crypto.getRandomValues(new Uint8Array(16)))}`;
    const hash = await codeHash(code);
    const invite: Invite = {
      id: hash.slice(0, 16),
      board: b.id,
      createdAt: new Date().toISOString(),
      maxUses: input.maxUses,
      uses: 0,
      ...(input.expiresAt ? { expiresAt: new Date(input.expiresAt).toISOString() } : {}),
    };
    if (!(await deps.leaderboards.addInvite(hash, invite, MAX_INVITES_PER_BOARD)))
      throw new ApiProblem(
        422,
        'LIMIT_EXCEEDED',
        `invitesPerBoard: at most ${MAX_INVITES_PER_BOARD} invite codes on a leaderboard`,
        { limit: 'invitesPerBoard', max: MAX_INVITES_PER_BOARD, count: MAX_INVITES_PER_BOARD },
      );
    // The code is shown once, here: only its hash is stored.
    return c.json({ code, ...invite }, 201);
  });

  app.post('/v1/signup', boardDocs.signup(Signup), async (c) => {
    const input = parseInput(Signup, await readJson(c.req.raw));
    const now = new Date();
    const outcome = await deps.leaderboards.useInvite(await codeHash(input.invite), now.toISOString());
    if ('refused' in outcome) throw REFUSALS[outcome.refused];
    const board = await deps.leaderboards.getBoard(outcome.used.board);
    if (!board) throw REFUSALS.unknown;
    const made = await newApiKey(input.name ?? input.team, DEFAULT_KEY_RATE, now, {
      scope: 'team',
      team: input.team,
      createdBy: board.owner,
    });
    const record: ApiKeyRecord = { ...made.record, boards: [board.id] };
    await deps.keys.create(made.hash, record);
    // The key is shown once, here.
    return c.json({ key: made.key, ...presentKey(record), boards: record.boards }, 201);
  });
}
