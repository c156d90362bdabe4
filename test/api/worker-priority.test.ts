import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { useServer, type RunningServer } from '../support/server.js';

// The match worker threads of `npm start` run below the server's own thread (UMPIRE_WORKER_NICE,
// src/match/pool/thread-priority.ts), so that under load its requests come first. Linux only: the
// nice value of each thread of the server's process, read from /proc after a match has started a worker.

const HAS_THREAD_NICE = existsSync('/proc/thread-self');

/** The nice value of each thread of a process, by thread id (field 19 of /proc/<pid>/task/<tid>/stat). */
function threadNices(pid: number): Map<number, number> {
  const nices = new Map<number, number>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const fields = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      nices.set(Number(tid), Number(fields[16]));
    } catch {
      // A thread that ended meanwhile.
    }
  }
  return nices;
}

async function playOne(server: RunningServer): Promise<void> {
  const r = await fetch(`${server.base}/v1/matches`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      game: 'icy',
      red: { js: 'export default () => ""' },
      blue: { js: 'export default () => ""' },
    }),
  });
  expect(r.status, await r.text()).toBe(201);
}

describe.skipIf(!HAS_THREAD_NICE)('match worker threads and the server thread', () => {
  const lowered = useServer({ env: { UMPIRE_WORKERS: '2' } });
  const level = useServer({ env: { UMPIRE_WORKERS: '2', UMPIRE_WORKER_NICE: '0' } });

  it('by default, the match workers run 10 nice levels below the server thread', async () => {
    await Promise.all([playOne(lowered), playOne(lowered)]);
    const pid = lowered.process.pid!;
    const nices = threadNices(pid);
    const server = nices.get(pid)!;
    const below = [...nices.values()].filter((n) => n === Math.min(19, server + 10));
    // Two matches at once: two workers.
    expect(below.length).toBe(2);
    expect([...nices.values()].every((n) => n === server || n === Math.min(19, server + 10))).toBe(true);
  });

  it('with UMPIRE_WORKER_NICE=0, every thread keeps the server’s priority', async () => {
    await Promise.all([playOne(level), playOne(level)]);
    const pid = level.process.pid!;
    const nices = threadNices(pid);
    expect(new Set(nices.values())).toEqual(new Set([nices.get(pid)]));
  });
});
