import type { AttributeValue } from '@aws-sdk/client-dynamodb';

/** DynamoDB attribute values from plain strings and numbers. */
export const S = (value: string): AttributeValue => ({ S: value });
export const N = (value: number): AttributeValue => ({ N: String(value) });

/** The document an item keeps as JSON in its `record` attribute, as every item these stores write does. */
export function parseRecord<T>(item: Record<string, AttributeValue>): T {
  return JSON.parse(item.record!.S!) as T;
}
