import type { LoadFailure } from '../../sandbox/types.js';
import type { PlayableMatch, ProbeRequest } from '../runner.js';

/** What the pool posts to a match worker: one job at a time. */
export type WorkerRequest =
  | { readonly kind: 'play'; readonly job: PlayableMatch }
  | { readonly kind: 'probe'; readonly request: ProbeRequest }
  | { readonly kind: 'prepare'; readonly bytes: Uint8Array };

/** What a worker answers: the job's value, or the error it threw. */
export type WorkerReply =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly error: { readonly code?: string; readonly message: string } };

/** A WASI module made suspendable, or why its seat forfeits. */
export type Prepared =
  | { readonly ok: true; readonly bytes: Uint8Array }
  | { readonly ok: false; readonly failure: LoadFailure };
