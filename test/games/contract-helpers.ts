import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Budgets } from '../../src/core/bots.js';
import type { CliValues, GameModule, MatchRecord } from '../../src/core/game-module.js';
import type { MatchOutput } from '../../src/core/match-types.js';
import type { PlayableMatch, MatchRunner } from '../../src/match/runner.js';
import { playMatch, type PlayedMatch } from '../../src/match/play-match.js';
import { decodeSeats, type DecodedSeat } from '../../src/match/seats.js';
import { cliFiles } from '../../src/cli/match.js';
import { seatOptions } from '../../src/core/match-argv.js';

export { matchArgv, seatOptions } from '../../src/core/match-argv.js';

/**
 * Game-agnostic helpers of the contract suite: every request is built the
 * way the CLI builds one (the game's own `cli.usage`, `cli.options` and
 * `cli.request`), so the suite names no game and knows no request shape.
 */

/** The game's own CLI values with these bot files in its seat options, in order. */
export function cliValues(game: GameModule, paths: readonly string[]): CliValues {
  const names = seatOptions(game);
  if (names.length !== paths.length)
    throw new Error(`${game.id}: the usage names ${names.length} seats, given ${paths.length} bots`);
  const values: Record<string, string | string[]> = {};
  names.forEach((name, k) => {
    if (game.cli.options[name]?.multiple) ((values[name] ??= []) as string[]).push(paths[k]!);
    else values[name] = paths[k]!;
  });
  return values;
}

/** A request the game's schema accepts, built by its CLI from bot files, a seed and (sandboxed games) budgets. */
export function requestFor(
  game: GameModule,
  paths: readonly string[],
  seed: number,
  budgets?: Partial<Budgets>,
): { readonly game: string } {
  let request = game.cli.request(
    cliValues(game, paths),
    cliFiles,
    seed,
    budgets as Readonly<Record<string, number>> | undefined,
  ) as Record<string, unknown>;
  if (budgets !== undefined && request.budgets === undefined) request = { ...request, budgets };
  return game.request.schema.parse(request) as { readonly game: string };
}

/** The example bots, one per seat (the list is at least as long as the seats). */
export function exampleSeats(game: GameModule): string[] {
  return game.seats.map((_, k) => game.exampleBots[k % game.exampleBots.length]!);
}

export async function decode(game: GameModule, request: { readonly game: string }): Promise<DecodedSeat[]> {
  return decodeSeats(
    game,
    game.request.seats(request),
    () => Promise.reject(new Error('no stored bots in the contract suite')),
    Infinity,
  );
}

/** A runner that keeps what the engine gave for the last job, around another runner. */
export function recording(inner: MatchRunner): MatchRunner & { last: unknown; job: PlayableMatch | null } {
  const r = {
    last: null as unknown,
    job: null as PlayableMatch | null,
    play: async <Output>(job: PlayableMatch): Promise<Output> => {
      r.job = job;
      const out = await inner.play<Output>(job);
      r.last = out;
      return out;
    },
    probe: inner.probe.bind(inner),
  };
  return r;
}

export async function play(
  game: GameModule,
  request: { readonly game: string },
  runner: MatchRunner,
  id = 'm_contract',
  now = new Date(0),
): Promise<PlayedMatch & { output: unknown }> {
  const rec = recording(runner);
  const seats = await decode(game, request);
  const played = await playMatch({ game, request, seats, runner: rec, id, owner: 'contract', now });
  return { ...played, output: rec.last };
}

/**
 * The record's per-seat entries, found without knowing the game: the one
 * object keyed by every seat name, or the one array with an entry per seat,
 * whose entries are objects with the seat's bot `sha256`.
 */
export function seatEntries(
  game: GameModule,
  record: MatchRecord,
  hashes: readonly string[],
): Record<string, unknown>[] {
  const found: Record<string, unknown>[][] = [];
  const isEntry = (v: unknown, k: number) =>
    typeof v === 'object' && v !== null && (v as Record<string, unknown>).sha256 === hashes[k];
  const walk = (v: unknown, depth: number): void => {
    if (typeof v !== 'object' || v === null || depth > 4) return;
    if (Array.isArray(v)) {
      if (v.length === game.seats.length && v.every(isEntry)) found.push(v as Record<string, unknown>[]);
      else v.forEach((x) => walk(x, depth + 1));
      return;
    }
    const o = v as Record<string, unknown>;
    if (game.seats.every((s, k) => isEntry(o[s], k)))
      found.push(game.seats.map((s) => o[s] as Record<string, unknown>));
    else Object.values(o).forEach((x) => walk(x, depth + 1));
  };
  walk(record, 0);
  if (found.length !== 1)
    throw new Error(`${game.id}: expected one per-seat list in the record, found ${found.length}`);
  return found[0]!;
}

/** The winner of a record as a seat index, or null for a draw (a seat name or a seat index, as the game stores it). */
export function winnerSeat(game: GameModule, record: MatchRecord): number | null | 'unknown' {
  const w = record.winner;
  if (w === 'draw' || w === null) return null;
  if (typeof w === 'number' && w >= 0 && w < game.seats.length) return w;
  if (typeof w === 'string' && game.seats.includes(w)) return game.seats.indexOf(w);
  return 'unknown';
}

/** A bot this game refuses before play: JavaScript that does not parse, or a text its own check refuses. */
export function brokenBot(game: GameModule): { text: string; extension: string } {
  if (game.bots.form === 'code') return { text: 'export default function ( {\n  return "never";\n', extension: '.js' };
  const check = game.bots.check.bind(game.bots);
  const text = ['this is not a bot {{{ ]]] ###', '!!!\n???\n', '\u0000'].find((t) => check(t) !== null);
  if (text === undefined) throw new Error(`${game.id}: its check accepts every broken text tried`);
  return { text, extension: game.bots.extension };
}

const dir = mkdtempSync(join(tmpdir(), 'umpire-contract-'));
let files = 0;

/** Writes a bot to a temporary file and returns its path. */
export function botFile(text: string, extension: string): string {
  const path = join(dir, `bot${files++}${extension}`);
  writeFileSync(path, text);
  return path;
}

export function tempPath(name: string): string {
  return join(dir, `${files++}-${name}`);
}

/** The last numeric leaf of a JSON value, changed (+1), in place; false if it has none. */
export function bumpLastNumber(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const keys = Array.isArray(value) ? value.map((_, i) => i) : Object.keys(value);
  for (const key of keys.reverse()) {
    const v = (value as Record<string | number, unknown>)[key];
    if (typeof v === 'number') {
      (value as Record<string | number, unknown>)[key] = v + 1;
      return true;
    }
    if (bumpLastNumber(v)) return true;
  }
  return false;
}

/** The sandbox's per-seat reports, for sandboxed games' outputs. */
export const seatReports = (output: unknown) => (output as MatchOutput).result.seats;
