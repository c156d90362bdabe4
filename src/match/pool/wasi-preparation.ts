import { createHash } from 'node:crypto';
import { UmpireError } from '../../core/errors.js';
import type { Bundle, LoadFailure } from '../../sandbox/types.js';
import { wasiKind } from '../../sandbox/webassembly/wasm-bot.js';
import type { Tenant } from '../tenant.js';
import type { Asyncified, Prepared } from './messages.js';
import type { WorkerPool } from './worker-pool.js';

/** Prepared modules kept by sha256: a bot that plays a round robin is prepared once. */
const CACHE_ENTRIES = 32;

export interface PreparedSeats {
  /** The metered modules made suspendable, for the job's message (the bundles stay as sent). */
  readonly asyncified: Asyncified;
  /** Per seat, why its bundle could not be prepared (the seat forfeits), or null. */
  readonly failures: (LoadFailure | null)[];
}

/**
 * The fallback where the workers have no JSPI (Node 22): raw WASI modules are
 * metered and made suspendable (binaryen asyncify: slow and synchronous on
 * big modules) as jobs of their own in the pool, under a short deadline,
 * before the match or upload check that needs them. A module that cannot be
 * prepared in time makes its seat forfeit with BUNDLE_TOO_LARGE. With JSPI
 * there is nothing to prepare.
 */
export class WasiPreparation {
  /** Insertion order is recency: a hit moves to the end, the first is evicted. */
  private readonly cache = new Map<string, Promise<Prepared>>();

  constructor(
    private readonly pool: WorkerPool,
    private readonly deadlineMs: number,
    /** Whether the workers run raw WASI modules through asyncify (no JSPI). */
    private readonly needed: boolean,
  ) {}

  /** Prepares what the bots need, as jobs of `tenant`, for memory limits of `memoryBytes`. */
  async seats(bots: readonly Bundle[], memoryBytes: number, tenant?: Tenant): Promise<PreparedSeats> {
    const prepared = await Promise.all(
      bots.map((b) =>
        this.needed && needsPreparation(b) ? this.prepare(b.code as Uint8Array, memoryBytes, tenant) : null,
      ),
    );
    const asyncified: Record<string, Uint8Array> = {};
    for (const p of prepared) if (p?.ok) asyncified[p.key] = p.bytes;
    return { asyncified, failures: prepared.map((p) => (p && !p.ok ? p.failure : null)) };
  }

  private prepare(bytes: Uint8Array, memoryBytes: number, tenant: Tenant | undefined): Promise<Prepared> {
    const key = `${createHash('sha256').update(bytes).digest('hex')}/${memoryBytes}`;
    const hit = this.cache.get(key);
    if (hit) {
      this.cache.delete(key);
      this.cache.set(key, hit);
      return hit;
    }
    const job = this.pool
      .run<Prepared>({ kind: 'prepare', bytes, memoryBytes }, this.deadlineMs, 'preparing the WASI module', tenant)
      .catch((e: unknown): Prepared => {
        const code = e instanceof UmpireError ? e.code : undefined;
        if (code === 'MATCH_DEADLINE') {
          const message = `making the WASI module suspendable took longer than ${this.deadlineMs / 1000} s; send one made by \`umpire prepare-wasi\`, or a smaller one`;
          return { ok: false, failure: { code: 'BUNDLE_TOO_LARGE', message } };
        }
        if (code === 'MATCH_CRASHED')
          return {
            ok: false,
            failure: {
              code: 'BUNDLE_TOO_LARGE',
              message: `the WASI module could not be made suspendable: ${(e as Error).message}`,
            },
          };
        // The pool is busy or closed: nothing is known of the module, so nothing is kept.
        this.cache.delete(key);
        throw e;
      });
    this.cache.set(key, job);
    if (this.cache.size > CACHE_ENTRIES) this.cache.delete(this.cache.keys().next().value!);
    return job;
  }
}

/** A WebAssembly WASI command module not yet made suspendable; anything unreadable is left to the loader to reject. */
function needsPreparation(bundle: Bundle): boolean {
  if (bundle.kind !== 'wasm' || typeof bundle.code === 'string') return false;
  try {
    return wasiKind(bundle.code) === 'raw';
  } catch {
    return false;
  }
}
