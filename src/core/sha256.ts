/** SHA-256 of `bytes` as 64 lowercase hex digits (Web Crypto: the same on every runtime). */
export async function sha256Hex(bytes: Uint8Array): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>));
  return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** SHA-256 of a text's UTF-8 bytes, as {@link sha256Hex}. */
export const sha256HexOfText = (text: string): Promise<string> => sha256Hex(new TextEncoder().encode(text));
