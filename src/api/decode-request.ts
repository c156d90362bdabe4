import { base64UrlDecode } from '../store/dynamo-matches.js';
import type { DecodedBot } from './match-service.js';
import { ApiProblem } from './problems.js';
import { MatchRequest, parseInput, type BotInput } from './schemas.js';

const WASM_MAGIC = [0x00, 0x61, 0x73, 0x6d];

/**
 * Reads a match request: a JSON body, or a multipart form with files `red`
 * and `blue` and the other fields as form fields. Returns the validated
 * request, the decoded bots, and a canonical form of the request (the same
 * for a retry whatever its transport, e.g. a new multipart boundary).
 */
export async function decodeMatchRequest(
  raw: Request,
  maxBundle: number,
  resolveBot: ResolveBot,
): Promise<{ request: MatchRequest; bots: [DecodedBot, DecodedBot]; canonical: string }> {
  const body = new Uint8Array(await raw.arrayBuffer());
  const type = raw.headers.get('content-type') ?? 'application/json';
  let input: unknown;
  if (type.startsWith('multipart/form-data')) {
    input = await fromForm(new Request('http://form.invalid/', { method: 'POST', headers: { 'content-type': type }, body }));
  } else if (type.startsWith('application/json')) {
    try {
      input = JSON.parse(new TextDecoder().decode(body));
    } catch (e) {
      throw new ApiProblem(400, 'INVALID_JSON', `the body is not JSON: ${(e as Error).message}`, { field: '(body)' });
    }
  } else {
    throw new ApiProblem(415, 'UNSUPPORTED_MEDIA_TYPE', `send application/json or multipart/form-data, not ${type}`);
  }
  for (const side of ['red', 'blue'] as const) checkSize(input, side, maxBundle);
  const request = parseInput(MatchRequest, input);
  const bots: [DecodedBot, DecodedBot] = [await decodeBotInput(request.red, resolveBot, 'red.bot'), await decodeBotInput(request.blue, resolveBot, 'blue.bot')];
  return { request, bots, canonical: canonicalJson(request) };
}

/** Finds a stored bot by id for the caller; `field` names the request field, for the error. */
export type ResolveBot = (id: string, field: string) => Promise<DecodedBot>;

/** A bot of a JSON request: a stored bot by id, JavaScript source, or WebAssembly in base64. */
export async function decodeBotInput(b: BotInput, resolveBot: ResolveBot, field: string): Promise<DecodedBot> {
  if (b.bot !== undefined) return resolveBot(b.bot, field);
  if (b.js !== undefined) return { name: b.name ?? null, bundle: { kind: 'js', code: b.js, ...(b.name ? { name: b.name } : {}) }, bytes: new TextEncoder().encode(b.js) };
  const bytes = decodeBase64(b.wasm!);
  return { name: b.name ?? null, bundle: { kind: 'wasm', code: bytes, ...(b.name ? { name: b.name } : {}) }, bytes };
}

/** JSON with object keys sorted, so equal requests give equal text. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** 413 before anything else looks at a bundle that is too large. */
function checkSize(input: unknown, side: 'red' | 'blue', max: number): void {
  const b = (input as Record<string, unknown> | null)?.[side] as Record<string, unknown> | undefined;
  if (!b || typeof b !== 'object') return;
  const size = typeof b.js === 'string' ? new TextEncoder().encode(b.js).length : typeof b.wasm === 'string' ? Math.floor((b.wasm.length * 3) / 4) : 0;
  if (size > max) {
    throw new ApiProblem(413, 'BUNDLE_TOO_LARGE', `${side}: the bundle is ${size} bytes; the limit is ${max}`, { field: side, bytes: size, limit: max });
  }
}

async function fromForm(request: Request): Promise<Record<string, unknown>> {
  let form: FormData;
  try {
    form = await request.formData();
  } catch (e) {
    throw new ApiProblem(400, 'INVALID_FORM', `the multipart body cannot be read: ${(e as Error).message}`, { field: '(body)' });
  }
  // Fields become own properties only: a field named __proto__ must not set the prototype.
  const out = new Map<string, unknown>();
  for (const [name, value] of form.entries()) {
    if (name === 'red' || name === 'blue') {
      if (typeof value === 'string') throw new ApiProblem(400, 'INVALID_REQUEST', `${name}: send the bundle as a file`, { field: name });
      const bytes = new Uint8Array(await value.arrayBuffer());
      const wasm = WASM_MAGIC.every((m, i) => bytes[i] === m);
      out.set(name, { ...(value.name ? { name: value.name.slice(0, 100) } : {}), ...(wasm ? { wasm: encodeBase64(bytes) } : { js: new TextDecoder().decode(bytes) }) });
    } else if (name === 'seed') {
      out.set('seed', /^\d+$/.test(value as string) ? Number(value) : value);
    } else if (name === 'budgets') {
      try {
        out.set('budgets', JSON.parse(value as string));
      } catch {
        throw new ApiProblem(400, 'INVALID_REQUEST', 'budgets: must be JSON', { field: 'budgets' });
      }
    } else {
      out.set(name, value);
    }
  }
  return Object.fromEntries(out);
}

function encodeBase64(bytes: Uint8Array): string {
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
}

function decodeBase64(text: string): Uint8Array {
  return base64UrlDecode(text.replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_'));
}
