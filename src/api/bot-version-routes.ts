import type { Context, Hono, MiddlewareHandler } from 'hono';
import type { GameModule } from '../core/game-module.js';
import { findGame } from '../games/catalog.js';
import { bundleKey, sha256Hex } from '../match/digest.js';
import { botContentType } from '../match/store-match.js';
import { forTenant, keyTenant } from '../match/tenant.js';
import {
  isDeleted,
  latestVersion,
  MAX_VERSIONS,
  versionOf,
  versionsOf,
  withNewVersion,
  withVersionState,
} from '../store/contract/bot-versions.js';
import type { BlobStore } from '../store/contract/blobs.js';
import type { BotRecord, BotStore, VersionDisabled } from '../store/contract/bots.js';
import type { MatchRunner } from '../match/runner.js';
import type { ApiKeyRecord } from '../store/contract/keys.js';
import { presentBot, presentVersion } from './bot-access.js';
import { versionDocs } from './bot-version-docs.js';
import { botKind, validateBot, type NewBotInput } from './bots.js';
import { ApiProblem } from './problems.js';
import { VersionStateBody, parseInput, parseJsonText } from './schemas.js';

type Env = { Variables: { owner: ApiKeyRecord } };

interface VersionRouteDeps {
  readonly blobs: BlobStore;
  readonly bots: BotStore;
  /** Where uploads are checked. */
  readonly runner: MatchRunner;
}

/** The caller's own bot (not deleted), or 404. */
type OwnBot = (id: string, owner: ApiKeyRecord) => Promise<BotRecord>;
/** Reads an upload's body for a bot of `game` (none: a bot stored before bots had a game names its own). */
type ReadUpload = (raw: Request, game: GameModule | undefined) => Promise<NewBotInput>;

const gone = (id: string) => new ApiProblem(404, 'NOT_FOUND', `no bot '${id}' of yours`);

/**
 * A bot's versions, for its owner: upload one (checked as a new bot is; one that fails its
 * check is kept in the history, disabled, and the answer is 422 BOT_INVALID naming it), its
 * history, disabling and enabling one; and deleting the bot.
 */
export function botVersionRoutes(
  app: Hono<Env>,
  deps: VersionRouteDeps,
  auth: MiddlewareHandler<Env>,
  ownBot: OwnBot,
  readUpload: ReadUpload,
): void {
  app.post('/v1/bots/:id/versions', versionDocs.createVersion, auth, async (c) => {
    const owner = c.get('owner');
    const bot = await ownBot(c.req.param('id'), owner);
    const input = await readUpload(c.req.raw, bot.game === undefined ? undefined : findGame(bot.game));
    if (input.public !== undefined)
      throw new ApiProblem(400, 'INVALID_REQUEST', 'public: a version has none; PATCH the bot', { field: 'public' });
    let failed: ApiProblem | null = null;
    try {
      await validateBot(forTenant(deps.runner, keyTenant(owner.id)), input);
    } catch (e) {
      // Only a bot that fails its check becomes a disabled version; a malformed upload is just refused.
      if (!(e instanceof ApiProblem) || e.code !== 'BOT_INVALID') throw e;
      failed = e;
    }
    const sha256 = await sha256Hex(input.bytes);
    const kind = botKind(input);
    await deps.blobs.put(bundleKey(sha256), input.bytes, { contentType: botContentType(kind) });
    const now = new Date().toISOString();
    const disabled: VersionDisabled | undefined = failed ? { by: 'check', reason: failed.message, at: now } : undefined;
    let number = 0;
    const updated = await deps.bots.modify(bot.id, (stored) => {
      if (isDeleted(stored)) throw gone(bot.id);
      if (versionsOf(stored).length >= MAX_VERSIONS)
        throw new ApiProblem(422, 'LIMIT_EXCEEDED', `a bot keeps ${MAX_VERSIONS} versions at most`, {
          limit: 'versionsPerBot',
          max: MAX_VERSIONS,
        });
      const upload = { sha256, bytes: input.bytes.length, kind, createdAt: now, ...(disabled ? { disabled } : {}) };
      const next = withNewVersion(stored, upload);
      // The store may call this again after a race: the number is the one of the call that wrote.
      number = latestVersion(next).number;
      return next;
    });
    if (!updated) throw gone(bot.id);
    const version = presentVersion(versionOf(updated, number)!);
    if (failed) {
      const details = typeof failed.details === 'object' && failed.details !== null ? failed.details : {};
      throw new ApiProblem(422, 'BOT_INVALID', `version ${number} is kept disabled: ${failed.message}`, {
        ...details,
        version,
      });
    }
    c.header('Location', `/v1/bots/${bot.id}/versions/${number}`);
    return c.json({ ...version, bot: presentBot(updated) }, 201);
  });

  app.get('/v1/bots/:id/versions', versionDocs.listVersions, auth, async (c) => {
    const bot = await ownBot(c.req.param('id'), c.get('owner'));
    return c.json({ items: [...versionsOf(bot)].reverse().map(presentVersion) });
  });

  /** The caller's bot and the version the path names, or 404. */
  const ownVersion = async (c: Context<Env>) => {
    const bot = await ownBot(c.req.param('id') ?? '', c.get('owner'));
    const number = Number(c.req.param('n'));
    const version = Number.isInteger(number) ? versionOf(bot, number) : undefined;
    if (!version) throw new ApiProblem(404, 'NOT_FOUND', `bot ${bot.id} has no version '${c.req.param('n')}'`);
    return { bot, number, version };
  };

  app.get('/v1/bots/:id/versions/:n', versionDocs.getVersion, auth, async (c) =>
    c.json(presentVersion((await ownVersion(c)).version)),
  );

  const setState = (disable: boolean) => async (c: Context<Env>) => {
    // The body first, as every write reads it: an oversized one is 413 whatever the path names.
    const text = disable ? await c.req.raw.text() : '';
    const { bot, number, version } = await ownVersion(c);
    if (!disable && version.disabled?.by === 'check')
      throw new ApiProblem(409, 'VERSION_FAILED_CHECK', `version ${number} failed its upload check: upload a new one`, {
        version: presentVersion(version),
      });
    // The body is optional: `{ reason }` says why.
    const body = text.trim() === '' ? {} : parseInput(VersionStateBody, parseJsonText(text));
    const state: VersionDisabled | null = disable
      ? { by: 'owner', reason: body.reason ?? 'disabled by its owner', at: new Date().toISOString() }
      : null;
    const updated = await deps.bots.modify(bot.id, (stored) =>
      isDeleted(stored) ? null : withVersionState(stored, number, state),
    );
    if (!updated || isDeleted(updated)) throw gone(bot.id);
    return c.json(presentVersion(versionOf(updated, number)!));
  };
  app.post('/v1/bots/:id/versions/:n/disable', versionDocs.disableVersion, auth, setState(true));
  app.post('/v1/bots/:id/versions/:n/enable', versionDocs.enableVersion, auth, setState(false));

  // Deleted, a bot plays no more and leaves every listing; its bundles stay, so matches that played it stay verifiable.
  app.delete('/v1/bots/:id', versionDocs.deleteBot, auth, async (c) => {
    const bot = await ownBot(c.req.param('id'), c.get('owner'));
    const at = new Date().toISOString();
    await deps.bots.modify(bot.id, (stored) => (isDeleted(stored) ? null : { ...stored, deletedAt: at }));
    return c.body(null, 204);
  });
}
