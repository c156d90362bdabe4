import { UmpireError } from '../../core/errors.js';

/**
 * Why a scheduled job was not played this time. JOB_BUSY: another live
 * process holds it (retry after `retryAt`); JOB_UNKNOWN: no such job in the
 * table; JOB_INVALID: the message is not a job; LEADERBOARD_GONE: its board is gone.
 */
export type JobErrorCode = 'JOB_BUSY' | 'JOB_UNKNOWN' | 'JOB_INVALID' | 'LEADERBOARD_GONE';

export class JobError extends UmpireError<JobErrorCode> {
  constructor(
    code: JobErrorCode,
    message: string,
    /** JOB_BUSY: when the holder's lease ends (ms since the epoch). */
    readonly retryAt?: number,
  ) {
    super({ code, message });
    this.name = 'JobError';
  }
}

export const jobErrorCode = (e: unknown): JobErrorCode | null => (e instanceof JobError ? e.code : null);
