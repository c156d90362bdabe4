import type { LoadFailure } from '../../sandbox/types.js';
import type { PlayableMatch, ProbeRequest } from '../runner.js';

/** WASI modules made suspendable beforehand (the fallback without JSPI), by sha256 of the metered module. */
export type Asyncified = Readonly<Record<string, Uint8Array>>;

/** What the pool posts to a match worker: one job at a time. */
export type WorkerRequest =
  | { readonly kind: 'play'; readonly job: PlayableMatch; readonly asyncified?: Asyncified }
  | { readonly kind: 'probe'; readonly request: ProbeRequest; readonly asyncified?: Asyncified }
  | { readonly kind: 'prepare'; readonly bytes: Uint8Array; readonly memoryBytes?: number };

/** What a worker answers: the job's value, or the error it threw. */
export type WorkerReply =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly error: { readonly code?: string; readonly message: string } };

/** A metered WASI module made suspendable (`key`: the sha256 of the metered module), or why its seat forfeits. */
export type Prepared =
  | { readonly ok: true; readonly key: string; readonly bytes: Uint8Array }
  | { readonly ok: false; readonly failure: LoadFailure };
