import { InputError } from './errors.js';

// A body within its byte limit can still take seconds to parse: 26 MB of JSON with 800,000 keys
// does (V8 builds a dictionary), so does a form of 400,000 fields. Its shape is checked on its text,
// in one pass, before any parser builds it.

/** The most members of one JSON object, elements of one array, levels of nesting, fields of a form. */
export const BODY_SHAPE = { maxMembers: 1000, maxElements: 10_000, maxDepth: 64, maxFields: 256 } as const;

export type BodyShapeCode = 'TOO_MANY_FIELDS' | 'TOO_DEEP';

const tooMany = (message: string) =>
  new InputError<BodyShapeCode>(400, { code: 'TOO_MANY_FIELDS', message, details: { field: '(body)' } });

/**
 * Throws TOO_MANY_FIELDS or TOO_DEEP if JSON text nests deeper or holds larger objects or arrays
 * than BODY_SHAPE allows; says nothing of its syntax (the parser does, after).
 */
export function checkJsonShape(text: string): void {
  // Per open container: its count of members (objects) or elements (arrays); whether it is an object.
  const counts: number[] = [];
  const objects: boolean[] = [];
  let backslash = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      // A string, to its closing quote: found at once if no backslash comes before it (base64,
      // most text), else char by char, skipping what each backslash escapes.
      const quote = text.indexOf('"', i + 1);
      if (quote === -1) return;
      // The next backslash is searched for again only once passed: one pass over the text in all.
      if (backslash !== -1 && backslash <= i) backslash = text.indexOf('\\', i + 1);
      if (backslash === -1 || backslash > quote) {
        i = quote;
        continue;
      }
      for (i = backslash; i < text.length; i++) {
        const d = text.charCodeAt(i);
        if (d === 0x5c) i++;
        else if (d === 0x22) break;
      }
    } else if (c === 0x7b || c === 0x5b) {
      if (counts.length >= BODY_SHAPE.maxDepth)
        throw new InputError<BodyShapeCode>(400, {
          code: 'TOO_DEEP',
          message: `the body nests deeper than ${BODY_SHAPE.maxDepth} levels`,
          details: { field: '(body)' },
        });
      counts.push(c === 0x7b ? 0 : 1);
      objects.push(c === 0x7b);
    } else if (c === 0x7d || c === 0x5d) {
      counts.pop();
      objects.pop();
    } else if (counts.length > 0) {
      const top = counts.length - 1;
      if (objects[top] && c === 0x3a && ++counts[top]! > BODY_SHAPE.maxMembers)
        throw tooMany(`an object of the body has more than ${BODY_SHAPE.maxMembers} fields`);
      if (!objects[top] && c === 0x2c && ++counts[top]! > BODY_SHAPE.maxElements)
        throw tooMany(`an array of the body has more than ${BODY_SHAPE.maxElements} elements`);
    }
  }
}

/**
 * A request's form (multipart or urlencoded), its fields counted on the raw body first:
 * TOO_MANY_FIELDS past BODY_SHAPE.maxFields, INVALID_FORM if it cannot be read.
 */
export async function readBoundedForm(request: Request): Promise<FormData> {
  const type = request.headers.get('content-type') ?? '';
  const unreadable = (why: string) =>
    new InputError(400, {
      code: 'INVALID_FORM',
      message: `the form cannot be read: ${why}`,
      details: { field: '(body)' },
    });
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await request.arrayBuffer());
  } catch (e) {
    throw unreadable((e as Error).message);
  }
  // Delimiters are ASCII, and UTF-8 decodes ASCII bytes as themselves wherever they are.
  const text = new TextDecoder().decode(bytes);
  const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(type);
  const fields = boundary ? occurrences(text, `--${boundary[1] ?? boundary[2]}`) - 1 : occurrences(text, '&') + 1;
  if (fields > BODY_SHAPE.maxFields) throw tooMany(`the form has more than ${BODY_SHAPE.maxFields} fields`);
  try {
    return await new Response(bytes as Uint8Array<ArrayBuffer>, { headers: { 'Content-Type': type } }).formData();
  } catch (e) {
    throw unreadable((e as Error).message);
  }
}

/** How many times `needle` occurs in `text`, counted up to BODY_SHAPE.maxFields + 2. */
function occurrences(text: string, needle: string): number {
  let count = 0;
  for (
    let at = text.indexOf(needle);
    at !== -1 && count <= BODY_SHAPE.maxFields + 1;
    at = text.indexOf(needle, at + needle.length)
  )
    count++;
  return count;
}
