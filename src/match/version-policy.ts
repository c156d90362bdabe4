/**
 * When a bot version that errs in its matches is disabled: once it has played
 * `minMatches` stored matches and erred in more than `maxErrorShare` of them,
 * if its bot has an earlier valid version to fall back on (version-tally.ts).
 * Read from VERSION_DISABLE_MIN_MATCHES and VERSION_DISABLE_ERROR_SHARE.
 */
export interface VersionPolicy {
  readonly minMatches: number;
  /** A share from 0 to 1; 1 never disables. */
  readonly maxErrorShare: number;
}

export const DEFAULT_VERSION_POLICY: VersionPolicy = { minMatches: 4, maxErrorShare: 0.5 };

export class VersionPolicyError extends Error {
  readonly code = 'VERSION_POLICY_INVALID';
}

/** The policy of an environment; unset or empty means the default, a value that does not parse is an error. */
export function versionPolicyFromEnv(env: Readonly<Record<string, unknown>>): VersionPolicy {
  const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined);
  const min = text(env.VERSION_DISABLE_MIN_MATCHES);
  const share = text(env.VERSION_DISABLE_ERROR_SHARE);
  const minMatches = min === undefined ? DEFAULT_VERSION_POLICY.minMatches : Number(min);
  const maxErrorShare = share === undefined ? DEFAULT_VERSION_POLICY.maxErrorShare : Number(share);
  if (!Number.isInteger(minMatches) || minMatches < 1 || minMatches > 1_000_000)
    throw new VersionPolicyError(`VERSION_DISABLE_MIN_MATCHES: a whole number from 1, not '${min}'`);
  if (!(maxErrorShare >= 0 && maxErrorShare <= 1))
    throw new VersionPolicyError(`VERSION_DISABLE_ERROR_SHARE: a number from 0 to 1, not '${share}'`);
  return { minMatches, maxErrorShare };
}

/** The process environment's policy, read once (every runtime that plays matches has one, or none: the default). */
let fromProcess: VersionPolicy | undefined;
export function processVersionPolicy(): VersionPolicy {
  fromProcess ??= versionPolicyFromEnv(
    (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env ?? {},
  );
  return fromProcess;
}
