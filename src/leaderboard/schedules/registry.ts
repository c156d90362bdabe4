import { LADDER } from './ladder.js';
import { ROUND_ROBIN } from './round-robin.js';
import { SWISS } from './swiss.js';
import type { ScheduleKind } from '../../store/contract/leaderboards.js';
import type { Schedule } from './types.js';

const SCHEDULES: Readonly<Record<ScheduleKind, Schedule>> = {
  'round-robin': ROUND_ROBIN,
  swiss: SWISS,
  ladder: LADDER,
};

/** The schedule of a round; rounds stored before rounds had a schedule are round robins. */
export const scheduleOf = (kind: ScheduleKind | undefined): Schedule => SCHEDULES[kind ?? 'round-robin'];
