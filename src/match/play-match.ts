import type { Budgets } from '../core/bots.js';
import type { GameModule, MatchSetup } from '../core/game-module.js';
import { ENGINE } from '../version.js';
import { type AssembledMatch, type AssemblyInputs, assembleMatch, type PackedMatch } from './assemble-match.js';
import { resolveBudgets } from './budgets.js';
import { sha256Hex } from './digest.js';
import type { MatchRunner, PlayableMatch } from './runner.js';
import type { DecodedSeat } from './seats.js';
import { storedBotsOf } from './seat-bots.js';

/** A match played and assembled by its game: the record to store, the replay and logs documents, the seats' hashes. */
export interface PlayedMatch extends AssembledMatch {
  readonly hashes: readonly string[];
}

/** A match played, assembled and gzipped where it was played, and the seats' hashes. */
export interface PlayedPackedMatch extends PackedMatch {
  readonly hashes: readonly string[];
}

export interface PlayArgs {
  readonly game: GameModule;
  /** A request the game's schema accepted. */
  readonly request: { readonly game: string };
  readonly seats: readonly DecodedSeat[];
  readonly runner: MatchRunner;
  readonly id: string;
  readonly owner: string;
  readonly now: Date;
  /** The game's setup of the request, when the caller made it already. */
  readonly setup?: MatchSetup<unknown>;
}

/** The job for the runner and what assembling its output takes: the game's setup, seed, budgets and the seats' hashes. */
async function prepare(a: PlayArgs): Promise<{ job: PlayableMatch; inputs: AssemblyInputs; hashes: string[] }> {
  const { game } = a;
  const setup = a.setup ?? (await game.setup(a.request));
  const seed = setup.seed ?? crypto.getRandomValues(new Uint32Array(1))[0]!;
  const budgets: Budgets | null = game.engine.kind === 'sandbox' ? resolveBudgets(game.id, setup.budgets) : null;
  const hashes = await Promise.all(a.seats.map((s) => sha256Hex(s.bytes)));
  const job: PlayableMatch = {
    game: game.id,
    options: setup.options,
    seed,
    ...(budgets ? { budgets } : {}),
    bots: a.seats.map((s) => s.bot),
  };
  const inputs: AssemblyInputs = {
    engine: ENGINE,
    setup,
    seed,
    budgets,
    seats: a.seats.map((s, k) => ({ name: s.name, kind: s.kind, sha256: hashes[k]! })),
    head: { id: a.id, status: 'finished', createdAt: a.now.toISOString(), owner: a.owner, game: game.id },
    tail: storedBotsOf(a.seats),
  };
  return { job, inputs, hashes };
}

/**
 * Plays any game's match: the game reads the request (setup), the runner
 * plays it with the game's engine at the resolved budgets and seed, and the
 * game assembles its replay, record and logs from what was played.
 */
export async function playMatch(a: PlayArgs): Promise<PlayedMatch> {
  const { job, inputs, hashes } = await prepare(a);
  const output = await a.runner.play<unknown>(job);
  return { ...(await assembleMatch(a.game, inputs, output)), hashes };
}

/**
 * The same, for storing: the runner assembles the match and gzips its documents where it played
 * it (a worker thread of a pool), so the caller's thread gets the bytes to store.
 */
export async function playPackedMatch(a: PlayArgs): Promise<PlayedPackedMatch> {
  const { job, inputs, hashes } = await prepare(a);
  const packed = await a.runner.play<PackedMatch>({ ...job, assembly: inputs });
  return { ...packed, hashes };
}
