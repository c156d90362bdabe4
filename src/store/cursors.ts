import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { base64UrlDecode, base64UrlEncode } from '../core/base64url.js';
import { StoreError } from './types.js';

/**
 * Cursors handed out by the stores: base64url of UTF-8 text (a DynamoDB key as JSON, or a
 * sort key). Anything that does not decode to what a cursor holds is BAD_CURSOR (400),
 * never a storage failure.
 */
export const badCursor = (): StoreError => new StoreError('BAD_CURSOR', 'the cursor is not one this API gave out');

/** DynamoDB's limit on a key attribute, in bytes (the sort key's; the hash key's is 2048). */
const MAX_KEY_BYTES = 1024;
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

export function encodeCursorKey(key: Record<string, AttributeValue>): string {
  return encodeCursorText(JSON.stringify(key));
}

/**
 * A DynamoDB key from a cursor: a JSON object with exactly the attributes `names`, each a
 * non-empty string value ({ "S": ... }) within DynamoDB's key size; else BAD_CURSOR.
 */
export function decodeCursorKey(cursor: string, names: readonly string[]): Record<string, AttributeValue> {
  let value: unknown;
  try {
    value = JSON.parse(decodeCursorText(cursor));
  } catch {
    throw badCursor();
  }
  if (!isPlainObject(value)) throw badCursor();
  const entries = Object.entries(value);
  if (entries.length !== names.length) throw badCursor();
  const key: Record<string, AttributeValue> = {};
  for (const [name, attribute] of entries) {
    if (!names.includes(name) || !isPlainObject(attribute)) throw badCursor();
    const fields = Object.keys(attribute);
    const text = attribute.S;
    if (fields.length !== 1 || typeof text !== 'string' || text.length === 0 || new TextEncoder().encode(text).length > MAX_KEY_BYTES) throw badCursor();
    key[name] = { S: text };
  }
  return key;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
