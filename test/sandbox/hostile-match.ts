import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import wabtInit from 'wabt';

/** The hostile suites' budget: 2e8 fuel a turn (the first turn and loading get the CLI's defaults for `--fuel`). */
export const HOSTILE_FUEL = 200_000_000;
/** Each hostile match must finish well within this, as a whole process. */
export const HOSTILE_LIMIT_MS = 30_000;
/**
 * The load budget (`--load-fuel`) of the bots whose top level never ends: what stops them
 * is the same at any budget, and the default (1 s of the calibration machine's time, more
 * in slower languages) would take most of a test's time.
 */
export const ENDLESS_LOAD_FUEL = 2 * HOSTILE_FUEL;

const wabt = await wabtInit();

/** Assembles a module from WebAssembly text with wabt (every post-MVP feature on, so the attacks can be written). */
export function wat(text: string): Uint8Array {
  const features = {
    threads: true,
    bulk_memory: true,
    reference_types: true,
    multi_memory: true,
    mutable_globals: true,
  };
  const parsed = wabt.parseWat('hostile.wat', text, features);
  try {
    return parsed.toBinary({}).buffer;
  } finally {
    parsed.destroy();
  }
}

export interface BotSummary {
  readonly fuel: number;
  readonly timeouts: number;
  readonly errors: number;
  readonly crashes: number;
  readonly forfeit?: { readonly code: string; readonly message: string };
  readonly safetyCap?: true;
}

/** A call as the replay records it: fuel used, failure, detail, and whether the safety cap stopped it. */
export interface HostileCall {
  readonly f: number;
  readonly x?: string;
  readonly d?: string;
  readonly safetyCap?: true;
}

export interface HostileRun {
  readonly exitCode: number | null;
  readonly ms: number;
  readonly stderr: string;
  readonly summary: { winner: string; turns: number; safetyCap?: true; bots: { red: BotSummary; blue: BotSummary } };
  /** The red bot's calls per turn from the replay: fuel used, failure and detail. */
  readonly calls: readonly HostileCall[];
  readonly replay: {
    safetyCap?: true;
    manifest: { budgets: Readonly<Record<string, number>> };
    turns: { o: string[]; c: HostileCall[] }[];
  };
  /** The bots' logs (`--logs`). */
  readonly logs: { red: string; blue: string };
}

/**
 * Plays the hostile bundle as red against `src/games/icy/bots/idle.js` through `umpire
 * match` as its own process, at {@link HOSTILE_FUEL} a turn unless `fuel`
 * says otherwise (and loading at the game's default unless `loadFuel` says otherwise), with `env` added to its environment, and collects the
 * printed result, the replay and the logs. The process is killed if it
 * outlives {@link HOSTILE_LIMIT_MS} (the run then has a null exit code).
 */
export async function playHostile(
  bundle: Uint8Array | string,
  extension: string,
  {
    fuel = HOSTILE_FUEL,
    loadFuel,
    env = {},
  }: { fuel?: number; loadFuel?: number; env?: Readonly<Record<string, string>> } = {},
): Promise<HostileRun> {
  const dir = mkdtempSync(join(tmpdir(), 'umpire-hostile-'));
  const red = join(dir, `hostile.${extension}`);
  writeFileSync(red, bundle);
  const out = join(dir, 'replay.json.gz');
  const logs = join(dir, 'logs.json');
  const args = [
    'bin/umpire.mjs',
    'match',
    '--red',
    red,
    '--blue',
    'src/games/icy/bots/idle.js',
    '--fuel',
    String(fuel),
    ...(loadFuel === undefined ? [] : ['--load-fuel', String(loadFuel)]),
    '--seed',
    '1',
    '--out',
    out,
    '--logs',
    logs,
  ];
  const started = performance.now();
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  const timer = setTimeout(() => child.kill('SIGKILL'), HOSTILE_LIMIT_MS);
  const exitCode = await new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  clearTimeout(timer);
  const ms = performance.now() - started;
  if (exitCode !== 0)
    throw new Error(`umpire match exited ${exitCode} after ${ms.toFixed(0)} ms:\n${stderr}\n${stdout}`);
  const replay = JSON.parse(gunzipSync(readFileSync(out)).toString());
  return {
    exitCode,
    ms,
    stderr,
    summary: JSON.parse(stdout),
    calls: replay.turns.map((t: { c: HostileCall[] }) => t.c[0]),
    replay,
    logs: JSON.parse(readFileSync(logs, 'utf8')),
  };
}
