import { base64UrlEncode } from '../core/base64url.js';

/** 128 random bits, URL-safe: 22 characters. */
export function newMatchId(): string {
  return base64UrlEncode(crypto.getRandomValues(new Uint8Array(16)));
}

export { sha256Hex } from '../core/sha256.js';

export async function gzip(bytes: Uint8Array): Promise<Uint8Array> {
  return new Uint8Array(
    await new Response(
      new Blob([bytes as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new CompressionStream('gzip')),
    ).arrayBuffer(),
  );
}

/** What a stored match is kept under: its replay and logs by match id, bundles by content. */
export const replayKey = (id: string) => `replays/${id}.json.gz`;
export const logsKey = (id: string) => `logs/${id}.json.gz`;
/** Where each turn's part of each seat's log ends (a match stored before these were kept has none). */
export const logTurnsKey = (id: string) => `logs/${id}.turns.json.gz`;
export const bundleKey = (sha256: string) => `bundles/${sha256}`;
