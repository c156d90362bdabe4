import type { ServerResponse } from 'node:http';
import type { SignatureProblemCode } from './sigv4.js';

/** Why the front of an embedded server answers a request itself. */
export type FrontProblemCode = SignatureProblemCode | 'TOO_LARGE' | 'INTERNAL' | 'UNAVAILABLE';

/** Writes an error reply in the wire format of one service (S3 XML or DynamoDB JSON). */
export type ReplyWriter = (
  res: ServerResponse,
  status: number,
  code: FrontProblemCode,
  message: string,
  head?: boolean,
) => void;

const S3_CODES: Record<FrontProblemCode, string> = {
  MISSING_SIGNATURE: 'AccessDenied',
  MALFORMED_SIGNATURE: 'AccessDenied',
  UNKNOWN_ACCESS_KEY: 'InvalidAccessKeyId',
  WRONG_SCOPE: 'AccessDenied',
  CLOCK_SKEW: 'RequestTimeTooSkewed',
  UNSUPPORTED_PAYLOAD: 'AccessDenied',
  PAYLOAD_MISMATCH: 'XAmzContentSHA256Mismatch',
  SIGNATURE_MISMATCH: 'SignatureDoesNotMatch',
  TOO_LARGE: 'EntityTooLarge',
  INTERNAL: 'InternalError',
  UNAVAILABLE: 'ServiceUnavailable',
};

const DYNAMO_CODES: Record<FrontProblemCode, string> = {
  MISSING_SIGNATURE: 'com.amazon.coral.service#MissingAuthenticationTokenException',
  MALFORMED_SIGNATURE: 'com.amazon.coral.service#IncompleteSignatureException',
  UNKNOWN_ACCESS_KEY: 'com.amazon.coral.service#UnrecognizedClientException',
  WRONG_SCOPE: 'com.amazon.coral.service#InvalidSignatureException',
  CLOCK_SKEW: 'com.amazon.coral.service#InvalidSignatureException',
  UNSUPPORTED_PAYLOAD: 'com.amazon.coral.service#InvalidSignatureException',
  PAYLOAD_MISMATCH: 'com.amazon.coral.service#InvalidSignatureException',
  SIGNATURE_MISMATCH: 'com.amazon.coral.service#InvalidSignatureException',
  TOO_LARGE: 'com.amazon.coral.service#RequestEntityTooLarge',
  INTERNAL: 'com.amazonaws.dynamodb.v20120810#InternalServerError',
  UNAVAILABLE: 'com.amazonaws.dynamodb.v20120810#ServiceUnavailableException',
};

/** Text made safe inside an XML element. */
export const escapeXml = (text: string): string => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

function send(res: ServerResponse, status: number, type: string, body: string, head: boolean): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.statusCode = status;
  res.setHeader('content-type', type);
  res.setHeader('content-length', Buffer.byteLength(body));
  // A refused client may still be sending its body: do not keep reading it.
  if (status === 403 || status === 413) res.setHeader('connection', 'close');
  res.end(head ? undefined : body);
}

export const s3Reply: ReplyWriter = (res, status, code, message, head = false) =>
  s3Error(res, status, S3_CODES[code], message, head);

/** An S3 error reply under S3's own code for it (`NoSuchBucket`, `InvalidArgument`, ...). */
export function s3Error(res: ServerResponse, status: number, s3Code: string, message: string, head = false): void {
  send(
    res,
    status,
    'application/xml',
    `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${s3Code}</Code><Message>${escapeXml(message)}</Message></Error>`,
    head,
  );
}

/** A successful S3 reply with an XML document. */
export function s3Document(res: ServerResponse, xml: string): void {
  send(res, 200, 'application/xml', `<?xml version="1.0" encoding="UTF-8"?>\n${xml}`, false);
}

export const dynamoReply: ReplyWriter = (res, status, code, message) =>
  send(res, status, 'application/x-amz-json-1.0', JSON.stringify({ __type: DYNAMO_CODES[code], message }), false);
