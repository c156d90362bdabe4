import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { badCursor, decodeCursorText, encodeCursorText } from '../cursor-text.js';

/** DynamoDB's limit on a key attribute, in bytes (the sort key's; the hash key's is 2048). */
const MAX_KEY_BYTES = 1024;

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
    if (
      fields.length !== 1 ||
      typeof text !== 'string' ||
      text.length === 0 ||
      new TextEncoder().encode(text).length > MAX_KEY_BYTES
    )
      throw badCursor();
    key[name] = { S: text };
  }
  return key;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
