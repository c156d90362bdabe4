import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { waitForOutput } from './process-output.js';

// The `npm start` server (dist/functions/node.js, from `npm run build`) in a process of its own,
// on 127.0.0.1, with embedded storage in a data folder.

/** A free port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface ServerSettings {
  /** Its data folder; a new temporary one if not given. */
  readonly dataDir?: string;
  /** Its port; a free one if not given. */
  readonly port?: number;
  /** More environment (AUTH, PUBLIC_URL, UMPIRE_WORKERS...), or a function of the port that gives it. */
  readonly env?: Readonly<Record<string, string>> | ((port: number) => Readonly<Record<string, string>>);
  /** The checkout whose dist/ runs; this one if not given. */
  readonly cwd?: string;
}

export interface RunningServer {
  /** `http://127.0.0.1:<port>`. */
  readonly base: string;
  readonly port: number;
  readonly dataDir: string;
  readonly process: ChildProcess;
  /** All it has printed so far, stdout and stderr. */
  output(): string;
  /** SIGTERM (SIGKILL 5 s later); resolves once it has exited. */
  stop(): Promise<void>;
  /** SIGKILL, as a crash would; resolves once it has exited. */
  kill(): Promise<void>;
}

const newDataDir = () => mkdtempSync(join(tmpdir(), 'umpire-server-'));

function serverEnv(port: number, dataDir: string, env: ServerSettings['env']): NodeJS.ProcessEnv {
  const more = typeof env === 'function' ? env(port) : (env ?? {});
  return {
    ...process.env,
    PORT: String(port),
    UMPIRE_DATA_DIR: dataDir,
    STORE: '',
    S3_BUCKET: '',
    DYNAMODB_TABLE: '',
    ...more,
  };
}

const exited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

/** Starts the server; resolves once it listens. The caller stops it (see useServer for a suite's own). */
export async function startServer(settings: ServerSettings = {}): Promise<RunningServer> {
  const dataDir = settings.dataDir ?? newDataDir();
  // A free port can be taken by another process between freePort() and the server's listen:
  // then, unless the port was asked for, the server starts again on another one.
  for (let attempt = 1; ; attempt++) {
    const port = settings.port ?? (await freePort());
    try {
      return await launch(settings, port, dataDir);
    } catch (error) {
      const taken = error instanceof Error && error.message.includes('EADDRINUSE');
      if (!taken || settings.port !== undefined || attempt >= 3) throw error;
    }
  }
}

async function launch(settings: ServerSettings, port: number, dataDir: string): Promise<RunningServer> {
  const child = spawn(process.execPath, ['dist/functions/node.js'], {
    cwd: settings.cwd,
    env: serverEnv(port, dataDir, settings.env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const end = (signal: NodeJS.Signals) =>
    new Promise<void>((resolve) => {
      if (exited(child)) return resolve();
      child.once('exit', () => resolve());
      child.kill(signal);
      if (signal !== 'SIGKILL') setTimeout(() => child.kill('SIGKILL'), 5000).unref();
    });
  try {
    await waitForOutput(child, 'umpire listening on', 30_000, 'the server');
  } catch (error) {
    await end('SIGKILL');
    throw error;
  }
  return {
    base: `http://127.0.0.1:${port}`,
    port,
    dataDir,
    process: child,
    output: () => output,
    stop: () => end('SIGTERM'),
    kill: () => end('SIGKILL'),
  };
}

/** The server of a suite: the RunningServer's fields (stop() does nothing if it is not running), and start() to run it (again) on the same folder. */
export interface ServerFixture extends RunningServer {
  /** Starts it with the same settings (data folder, environment; the same port only if one was given). */
  start(): Promise<void>;
}

/**
 * The server for the suite (file or describe) it is called in: started before its tests (unless
 * `startBeforeAll` is false: then by start()), stopped after them. Its fields read the running one.
 */
export function useServer(settings: ServerSettings = {}, { startBeforeAll = true } = {}): ServerFixture {
  const fixed = { ...settings, dataDir: settings.dataDir ?? newDataDir() };
  let current: RunningServer | undefined;
  const running = (): RunningServer => {
    if (!current) throw new Error('the server is not started');
    return current;
  };
  if (startBeforeAll) beforeAll(async () => void (current = await startServer(fixed)), 60_000);
  afterAll(async () => {
    await current?.stop();
  });
  return {
    get base() {
      return running().base;
    },
    get port() {
      return running().port;
    },
    dataDir: fixed.dataDir,
    get process() {
      return running().process;
    },
    output: () => running().output(),
    stop: async () => current?.stop(),
    kill: () => running().kill(),
    async start() {
      if (current && !exited(current.process)) throw new Error('the server is already running');
      current = await startServer(fixed);
    },
  };
}

/** Runs the server expecting it to refuse to start: its exit code and what it printed (killed after 20 s). */
export function serverRefusal(env: Readonly<Record<string, string>>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['dist/functions/node.js'], {
      env: {
        ...process.env,
        STORE: '',
        S3_BUCKET: '',
        DYNAMODB_TABLE: '',
        UMPIRE_DATA_DIR: mkdtempSync(join(tmpdir(), 'umpire-refusal-')),
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}
