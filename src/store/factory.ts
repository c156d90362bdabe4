import type { BackendOptions, OpenedStores, StoreBackend } from './backend.js';
import { StoreConfigError } from './config-error.js';

export interface OpenStoresOptions extends Partial<BackendOptions> {
  readonly env: BackendOptions['env'];
  /** The backend when STORE is unset and S3_BUCKET/DYNAMODB_TABLE are not both set (the local server: `embedded`). */
  readonly fallback?: string;
}

/**
 * The backend the settings choose: STORE when set; else `aws` when S3_BUCKET and
 * DYNAMODB_TABLE are both set (AWS, R2 or any S3/DynamoDB endpoint); else `fallback`;
 * null when none applies.
 */
export function chosenBackend(env: BackendOptions['env'], fallback?: string): string | null {
  const named = env.STORE?.trim();
  if (named) return named;
  if (env.S3_BUCKET && env.DYNAMODB_TABLE) return 'aws';
  return fallback ?? null;
}

/**
 * Opens the stores of the backend the settings choose (chosenBackend) among `backends`, the
 * registry of the runtime. STORE naming none of them is STORE_UNKNOWN; no backend chosen
 * at all is STORE_NOT_CONFIGURED.
 */
export async function openStores(backends: readonly StoreBackend[], options: OpenStoresOptions): Promise<OpenedStores> {
  const name = chosenBackend(options.env, options.fallback);
  const names = backends.map((b) => b.name);
  if (name === null) {
    throw new StoreConfigError(
      'STORE_NOT_CONFIGURED',
      `set S3_BUCKET and DYNAMODB_TABLE, or STORE to one of: ${names.join(', ')}`,
    );
  }
  const backend = backends.find((b) => b.name === name);
  if (!backend) {
    const known = backends.map((b) => `  ${b.name}: ${b.summary}`).join('\n');
    throw new StoreConfigError(
      'STORE_UNKNOWN',
      `STORE=${name} is not a storage backend here; the backends are:\n${known}`,
    );
  }
  return backend.open({
    env: options.env,
    log: options.log ?? ((line) => console.error(line)),
    ...(options.guest ? { guest: true } : {}),
  });
}

/**
 * prepare() for a server that must start even when its storage does not work yet: a failure
 * is logged (one line) and the requests that need storage get 503 meanwhile.
 */
export async function prepareOrReport(
  opened: OpenedStores,
  log: (line: string) => void = (line) => console.error(line),
): Promise<boolean> {
  try {
    await opened.prepare();
    return true;
  } catch (e) {
    log(
      `umpire: storage is not ready (${(e as Error).message ?? String(e)}); requests that need it get 503 until it works`,
    );
    return false;
  }
}
