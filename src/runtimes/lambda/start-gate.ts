import { STOP_BEFORE_TIMEOUT_MS } from './invocation-runner.js';

/**
 * Whether an invocation may start its next job, asked before each: the first
 * always starts (as when a message held one job); a later one only while the
 * time left (`invocationEnds`, ms since the epoch) exceeds the runner's
 * cut-off plus twice the longest job so far. A match cut at the invocation's
 * end counts as failed; a job left unstarted is played on its message's next
 * delivery instead.
 */
export function startGate(invocationEnds: number, now: () => number = Date.now): () => boolean {
  let previous: number | undefined;
  let longest = 0;
  return () => {
    const at = now();
    if (previous !== undefined) longest = Math.max(longest, at - previous);
    const first = previous === undefined;
    previous = at;
    return first || invocationEnds - at > STOP_BEFORE_TIMEOUT_MS + 2 * longest;
  };
}
