import type { AttributeValue } from '@aws-sdk/client-dynamodb';

/** DynamoDB attribute values from plain strings and numbers. */
export const S = (value: string): AttributeValue => ({ S: value });
export const N = (value: number): AttributeValue => ({ N: String(value) });
