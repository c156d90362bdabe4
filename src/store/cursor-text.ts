import { base64UrlDecode, base64UrlEncode } from '../core/base64url.js';
import { StoreError } from './contract/errors.js';

/**
 * Cursors handed out by the stores: base64url of UTF-8 text (what each backend needs to go on:
 * a DynamoDB key as JSON, a sort key). Anything that does not decode to what a cursor holds is BAD_CURSOR (400),
 * never a storage failure.
 */
export const badCursor = (): StoreError => new StoreError('BAD_CURSOR', 'the cursor is not one this API gave out');

const MAX_CURSOR_CHARS = 8192;

export function encodeCursorText(text: string): string {
  return base64UrlEncode(new TextEncoder().encode(text));
}

/** The text inside a cursor (valid base64url of valid UTF-8), else BAD_CURSOR. */
export function decodeCursorText(cursor: string): string {
  if (cursor.length === 0 || cursor.length > MAX_CURSOR_CHARS) throw badCursor();
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(base64UrlDecode(cursor));
  } catch {
    throw badCursor();
  }
}
