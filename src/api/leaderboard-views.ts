import type { standings } from '../leaderboard/service.js';
import type { ResultLine } from '../leaderboard/types.js';
import type { ApiKeyRecord, BotStore } from '../store/types.js';
import { sha256Hex } from './match-service.js';

/**
 * Leaderboards as readers see them. Entries are named by an entry id (derived
 * from the board and the bot, so older entries and results have one too) and
 * the bot's name; the bot id itself is shown only where the reader may use
 * the bot: its owner's, or a public one.
 */

export async function entryId(boardId: string, botId: string): Promise<string> {
  return `ent_${(await sha256Hex(new TextEncoder().encode(`${boardId}\n${botId}`))).slice(0, 24)}`;
}

/** Whether `reader` may see a bot's id; each bot is looked up once per view. */
export function botIdVisibility(bots: BotStore, reader: ApiKeyRecord | null): (botId: string) => Promise<boolean> {
  const seen = new Map<string, Promise<boolean>>();
  return (botId) => {
    let visible = seen.get(botId);
    if (!visible) {
      visible = bots.get(botId).then((record) => !!record && (record.public === true || (reader !== null && record.owner === reader.id)));
      seen.set(botId, visible);
    }
    return visible;
  };
}

type Visible = (botId: string) => Promise<boolean>;

/** `{ entryId, botId? }` for one entry of a board. */
async function entryRef(boardId: string, botId: string, visible: Visible): Promise<{ entryId: string; botId?: string }> {
  return { entryId: await entryId(boardId, botId), ...((await visible(botId)) ? { botId } : {}) };
}

export async function presentTable(boardId: string, rows: ReturnType<typeof standings>, visible: Visible) {
  return Promise.all(rows.map(async ({ rank, botId, ...rest }) => ({ rank, ...(await entryRef(boardId, botId, visible)), ...rest })));
}

/** A result line of the export, its seats and ratings by entry id. */
export async function presentResultLine(boardId: string, line: ResultLine, visible: Visible) {
  const seat = async <S extends { botId: string }>(s: S | undefined) => {
    if (!s) return undefined;
    const { botId, ...rest } = s;
    return { ...(await entryRef(boardId, botId, visible)), ...rest };
  };
  const ratings: Record<string, { rating: number; uncertainty: number }> = {};
  for (const [botId, change] of Object.entries(line.ratings)) ratings[await entryId(boardId, botId)] = change;
  return {
    ...line,
    red: await seat(line.red),
    blue: await seat(line.blue),
    black: await seat(line.black),
    players: line.players ? await Promise.all(line.players.map((p) => seat(p))) : undefined,
    ratings,
  };
}
