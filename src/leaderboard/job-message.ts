import { JobError } from '../store/contract/job-errors.js';
import { jobIndex } from '../store/contract/job-ids.js';
import type { RoundJob } from '../store/contract/round-job.js';

const isText = (v: unknown): v is string => typeof v === 'string' && v.length <= 200;

/** Most seats a job may name. */
const MAX_SEATS = 16;

/**
 * A queue message's body as a job, or JOB_INVALID (a message from an older
 * version has no id). Seats are `seats`, or `red` and `blue` in jobs queued
 * before every job carried `seats`.
 */
export function parseRoundJob(body: unknown): RoundJob {
  const b = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const { id, board, round, red, blue, map } = b;
  if (!isText(id) || !isText(board) || !isText(round) || !isText(map)) {
    throw new JobError('JOB_INVALID', 'a match job needs string id, board, round and map');
  }
  if (jobIndex(id, round) === null) throw new JobError('JOB_INVALID', `job id '${id}' is not <round>.<index>`);
  const seats = b.seats ?? (isText(red) && isText(blue) ? [red, blue] : undefined);
  if (!(Array.isArray(seats) && seats.length >= 2 && seats.length <= MAX_SEATS && seats.every(isText))) {
    throw new JobError('JOB_INVALID', 'a match job needs seats: two bot ids or more');
  }
  const pins = b.pins;
  if (
    pins !== undefined &&
    !(
      Array.isArray(pins) &&
      pins.length === seats.length &&
      pins.every((p) => p === null || (Number.isSafeInteger(p) && (p as number) >= 1))
    )
  )
    throw new JobError('JOB_INVALID', 'pins must be a version number or null for each seat');
  const before = b.before;
  if (before !== undefined && !(isText(before) && !Number.isNaN(Date.parse(before))))
    throw new JobError('JOB_INVALID', 'before must be an ISO time');
  return {
    id,
    board,
    round,
    seats: seats as string[],
    map,
    ...(pins === undefined ? {} : { pins: pins as (number | null)[] }),
    ...(before === undefined ? {} : { before }),
  };
}

/** parseRoundJob of a JSON text (an SQS message body). */
export function parseRoundJobText(text: string): RoundJob {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new JobError('JOB_INVALID', 'the message body is not JSON');
  }
  return parseRoundJob(body);
}
