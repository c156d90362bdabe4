import type { QueuedJob } from '../store/contract/batch-job.js';

/**
 * Most jobs one queue message carries. A job's body is at most about 4.4 KB
 * (four ids and a map name of 200 characters, 16 seats of 200, their pins and
 * a time), so 25 of them stay under Cloudflare Queues' 128 KB per message and
 * SQS's 256 KB; a usual job is about 200 bytes (5 KB for 25).
 */
export const MAX_JOBS_PER_MESSAGE = 25;

/** Jobs per message when MATCHES_PER_MESSAGE is unset (measured: docs/deploy.md). */
export const DEFAULT_JOBS_PER_MESSAGE = 10;

/** A queue message of several jobs; a message of one job is the job itself, as before bundles. */
export interface JobBundle {
  readonly jobs: readonly QueuedJob[];
}

export class QueueSettingError extends Error {
  readonly code = 'QUEUE_SETTING_INVALID';
}

/** MATCHES_PER_MESSAGE of an environment: unset or empty is the default; a value that does not parse is an error. */
export function jobsPerMessageFromEnv(env: Readonly<Record<string, unknown>>): number {
  const raw = env.MATCHES_PER_MESSAGE;
  const text = typeof raw === 'string' ? raw.trim() : '';
  if (text === '') return DEFAULT_JOBS_PER_MESSAGE;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1 || n > MAX_JOBS_PER_MESSAGE)
    throw new QueueSettingError(`MATCHES_PER_MESSAGE: a whole number from 1 to ${MAX_JOBS_PER_MESSAGE}, not '${text}'`);
  return n;
}

/** The message bodies of `jobs`, `perMessage` to a message: a lone job as itself, more as a bundle. */
export function messageBodies(jobs: readonly QueuedJob[], perMessage: number): (QueuedJob | JobBundle)[] {
  const size = Math.max(1, Math.min(MAX_JOBS_PER_MESSAGE, Math.floor(perMessage)));
  const bodies: (QueuedJob | JobBundle)[] = [];
  for (let start = 0; start < jobs.length; start += size) {
    const part = jobs.slice(start, start + size);
    bodies.push(part.length === 1 ? part[0]! : { jobs: part });
  }
  return bodies;
}
