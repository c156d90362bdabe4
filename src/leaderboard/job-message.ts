import { JobError } from './job-errors.js';
import { jobIndex } from './job-ids.js';
import type { MatchJob } from './match-job.js';

const isText = (v: unknown): v is string => typeof v === 'string' && v.length <= 200;

/** A queue message's body as a job, or JOB_INVALID (a message from an older version has no id). */
export function parseMatchJob(body: unknown): MatchJob {
  const b = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const { id, board, round, red, blue, map, seats } = b;
  if (!isText(id) || !isText(board) || !isText(round) || !isText(red) || !isText(blue) || !isText(map)) {
    throw new JobError('JOB_INVALID', 'a match job needs string id, board, round, red, blue and map');
  }
  if (jobIndex(id, round) === null) throw new JobError('JOB_INVALID', `job id '${id}' is not <round>.<index>`);
  if (seats !== undefined && !(Array.isArray(seats) && seats.length === 4 && seats.every(isText))) {
    throw new JobError('JOB_INVALID', 'seats, when given, are four bot ids');
  }
  return { id, board, round, red, blue, map, ...(seats ? { seats: seats as string[] } : {}) };
}

/** parseMatchJob of a JSON text (an SQS message body). */
export function parseMatchJobText(text: string): MatchJob {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new JobError('JOB_INVALID', 'the message body is not JSON');
  }
  return parseMatchJob(body);
}
