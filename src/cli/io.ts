import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { UmpireError } from '../core/errors.js';

/** Reads a file, gunzipping it when it starts with the gzip magic bytes. */
export function readMaybeGzip(path: string): Uint8Array {
  const bytes = readFileSync(path);
  return bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b ? gunzipSync(bytes) : bytes;
}

export function readText(path: string): string {
  return Buffer.from(readMaybeGzip(path)).toString('latin1');
}

/** One line of output per failure, never a stack trace, for people. */
export function describeError(e: unknown): string {
  const err = e as NodeJS.ErrnoException;
  if (err?.code === 'ENOENT') return 'no such file';
  if (err?.code === 'EISDIR') return 'is a directory';
  if (err?.code === 'EACCES') return 'permission denied';
  if (err?.code === 'Z_DATA_ERROR' || err?.code === 'Z_BUF_ERROR') return 'not valid gzip data';
  return err?.message ?? String(e);
}

/** Reads a (possibly gzipped) file, or fails with `code` and a one-line reason. */
export function readInput(path: string, code: string): Uint8Array {
  try {
    return readMaybeGzip(path);
  } catch (e) {
    throw new UmpireError({ code, message: `${path}: cannot read: ${describeError(e)}` });
  }
}
