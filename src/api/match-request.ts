import { readBoundedForm } from '../core/bounded-body.js';
import type { GameModule } from '../core/game-module.js';
import { findGame } from '../games/catalog.js';
import { seatOfFile } from '../match/seats.js';
import { ApiProblem } from './problems.js';
import { parseInput, readJson, requestedGame } from './schemas.js';

export interface MatchRequest {
  readonly game: GameModule;
  /** The request as its game's schema accepted it (without the service's `public`). */
  readonly request: { readonly game: string };
  /** Whether the match is listed among recent matches (default false). */
  readonly public: boolean;
  /** The request and `public` as canonical JSON: the same for a retry whatever its transport. */
  readonly canonical: string;
  /** `async: true` in the body, or `respondAsync` (Prefer: respond-async): answer 202 at once and play it through the queue. */
  readonly async: boolean;
  /** An asynchronous match's webhook URL (unchecked yet). */
  readonly webhook?: string;
}

/**
 * Reads a match request: a JSON body, or a multipart form (for games whose
 * seats can be sent as files: the files are the seats, the other fields the
 * JSON fields as text). Returns the game, the request its schema accepted,
 * whether the match is public, and a canonical form of both (the same for a
 * retry whatever its transport, e.g. a new multipart boundary). An
 * asynchronous match (`async: true`, or `respondAsync` from the Prefer
 * header) has its `webhook`; both are in the canonical form.
 */
export async function readMatchRequest(raw: Request, respondAsync = false): Promise<MatchRequest> {
  const type = raw.headers.get('content-type') ?? 'application/json';
  let input: unknown;
  let listed: boolean;
  if (type.startsWith('multipart/form-data')) [input, listed] = takePublic(await fromForm(raw), formPublic);
  else if (type.startsWith('application/json')) [input, listed] = takePublic(await readJson(raw), jsonPublic);
  else throw new ApiProblem(415, 'UNSUPPORTED_MEDIA_TYPE', `send application/json or multipart/form-data, not ${type}`);
  const [rest, fields] = takeAsync(input);
  const queued = respondAsync ? { ...fields, async: true as const } : fields;
  const game = requestedGame(rest);
  const request = parseInput(game.request.schema, rest) as { readonly game: string };
  return {
    game,
    request,
    public: listed,
    // Without the asynchronous fields, the same text as before they existed (stored idempotency keys still match).
    canonical: canonicalJson({ ...request, public: listed, ...queued }),
    async: queued.async === true,
    ...(queued.webhook === undefined ? {} : { webhook: queued.webhook }),
  };
}

/**
 * The service's fields of an asynchronous match, taken off the body: `async`
 * (JSON true or false; a form's "true", "on" or "1") and `webhook` (a URL).
 */
function takeAsync(input: unknown): [unknown, { async?: true; webhook?: string }] {
  if (!input || typeof input !== 'object' || Array.isArray(input)) return [input, {}];
  const { async: flag, webhook, ...rest } = input as Record<string, unknown>;
  const out: { async?: true; webhook?: string } = {};
  if (flag !== undefined && !(flag === false || flag === 'false' || flag === '0' || flag === 'off' || flag === '')) {
    if (!(flag === true || flag === 'true' || flag === '1' || flag === 'on'))
      throw new ApiProblem(400, 'INVALID_REQUEST', 'async: true or false', { field: 'async' });
    out.async = true;
  }
  if (webhook !== undefined) {
    if (typeof webhook !== 'string' || webhook.length > 2000)
      throw new ApiProblem(400, 'INVALID_REQUEST', 'webhook: a URL of up to 2000 characters', { field: 'webhook' });
    out.webhook = webhook;
  }
  return [rest, out];
}

const publicProblem = (allowed: string) =>
  new ApiProblem(400, 'INVALID_REQUEST', `public: ${allowed}`, { field: 'public' });

/** `public` in a JSON body: true or false. */
function jsonPublic(value: unknown): boolean {
  if (typeof value !== 'boolean') throw publicProblem('true or false');
  return value;
}

/** The form field `public`: "true", "on" or "1"; "false", "off", "0" or empty. */
function formPublic(value: unknown): boolean {
  if (value === 'true' || value === 'on' || value === '1') return true;
  if (value === 'false' || value === 'off' || value === '0' || value === '') return false;
  throw publicProblem('"true", "on" or "1" (or "false", "off", "0")');
}

/** The body without the service's field `public` (the game's schema does not know it), and its value (default false). */
function takePublic(input: unknown, read: (value: unknown) => boolean): [unknown, boolean] {
  if (!input || typeof input !== 'object' || Array.isArray(input) || !Object.hasOwn(input, 'public'))
    return [input, false];
  const { public: value, ...rest } = input as Record<string, unknown>;
  return [rest, read(value)];
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

async function fromForm(request: Request): Promise<Record<string, unknown>> {
  // Its fields are counted before it is parsed (TOO_MANY_FIELDS); INVALID_FORM if it cannot be read.
  const form = await readBoundedForm(request);
  const game = findGame(String(form.get('game') ?? ''));
  const seats = game?.request.formSeats ?? [];
  if (game && seats.length === 0)
    throw new ApiProblem(415, 'UNSUPPORTED_MEDIA_TYPE', `${game.id} matches are sent as application/json`);
  // Fields become own properties only: a field named __proto__ must not set the prototype.
  const out = new Map<string, unknown>();
  for (const [name, value] of form.entries()) {
    if (seats.includes(name)) {
      if (typeof value === 'string')
        throw new ApiProblem(400, 'INVALID_REQUEST', `${name}: send the bundle as a file`, { field: name });
      const seat = seatOfFile(value.name, new Uint8Array(await value.arrayBuffer()));
      out.set(name, { ...(value.name ? { name: value.name.slice(0, 100) } : {}), ...seat });
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
