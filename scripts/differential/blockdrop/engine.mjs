// One block-drop game in the original Java engine (Harness play, see build-engine.sh), each seat
// a seat-runner.mjs process around the very bot umpire plays.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const RUNNER = fileURLToPath(new URL('./seat-runner.mjs', import.meta.url));
const CLASSPATH = (classes) =>
  [classes, '/usr/share/java/commons-lang.jar', '/usr/share/java/guava.jar', '/usr/share/java/commons-cli.jar'].join(
    ':',
  );
/**
 * The engine's time limits (1 s for READY, 100 ms a turn), raised so that no bot's speed decides,
 * as umpire's fuel is. A player that leaves no line to read (a \r at the end of one answer, and
 * only the \n that completes it in the next) waits forever: the engine kills it after TURN_MS.
 */
const READY_MS = 20_000;
const TURN_MS = 5_000;

function run(command, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(stderr) : reject(new Error(`${command} exited with ${code}: ${stderr.slice(-2000)}`)),
    );
  });
}

/** Plays `bots` (file paths, seats 0 to 3, without spaces) on `seed`; returns the engine's record and each seat's calls. */
export async function playEngine(engineDir, seed, bots) {
  const dir = mkdtempSync(join(tmpdir(), 'umpire-blockdrop-game-'));
  try {
    const records = bots.map((_, k) => join(dir, `seat${k}.jsonl`));
    const commands = bots.map((bot, k) =>
      [process.execPath, RUNNER, '--seed', String(seed), '--seat', String(k), '--record', records[k], bot].join(' '),
    );
    const out = join(dir, 'engine.json');
    const stderr = await run('java', [
      '-Dfile.encoding=UTF-8',
      '-cp',
      CLASSPATH(join(engineDir, 'classes')),
      'umpire.blockdrop.Harness',
      'play',
      String(seed),
      out,
      String(READY_MS),
      String(TURN_MS),
      ...commands,
    ]);
    const record = JSON.parse(readFileSync(out, 'utf8'));
    const calls = records.map((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .filter((l) => l !== '')
        .map((l) => JSON.parse(l)),
    );
    return { record, calls, stderr };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
