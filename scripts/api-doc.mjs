// The tables of docs/api.md: the endpoints, from the app's own OpenAPI document (GET /openapi.json),
// and the error codes, from the list below. There is no registry of error codes in src/ (each layer
// throws its own: ApiProblem in src/api, InputError below it, the runner's and the stores' codes),
// so test/docs/api-doc.test.ts scans src/ for the codes thrown and fails when one is not in
// the list, when the list names one nothing throws, or when docs/api.md differs from the tables.
// `node scripts/api-doc.mjs` (after the build: it reads dist/) rewrites them; `--check` exits 1
// when they are out of date.
import { readFileSync, writeFileSync } from 'node:fs';
import { unaskedDeps } from './unasked-deps.mjs';

export const FILE = 'docs/api.md';

/**
 * Every error code the API answers with, its statuses, and when. Codes of a bot's forfeit
 * (BUNDLE_INVALID, BUNDLE_INIT, ...) are no API error: they are in the match record.
 */
export const ERRORS = [
  { code: 'INVALID_REQUEST', status: [400], text: 'A field is missing or wrong; `details.field` names it.' },
  { code: 'INVALID_JSON', status: [400], text: 'The body is not JSON.' },
  { code: 'INVALID_FORM', status: [400], text: 'The multipart form cannot be read.' },
  {
    code: 'TOO_MANY_FIELDS',
    status: [400],
    text: 'A JSON object, array or form with more fields than allowed ([security.md](security.md)).',
  },
  { code: 'TOO_DEEP', status: [400], text: 'JSON nested deeper than allowed.' },
  { code: 'ID_TOO_LONG', status: [400], text: 'An id in the path or query is longer than allowed.' },
  { code: 'BAD_CURSOR', status: [400], text: "A listing's `cursor` that the API did not give out." },
  {
    code: 'WRONG_GAME',
    status: [400],
    text: "A seat's bot is of a kind the game does not play (a JavaScript bot in ants, an ant brain in Icy).",
  },
  { code: 'UNKNOWN_MAP', status: [400], text: 'No map of that name (`GET /v1/games/{game}/maps` lists them).' },
  { code: 'UNKNOWN_WORLD', status: [400], text: 'No ants world of that name.' },
  {
    code: 'INVALID_CSV',
    status: [400],
    text: 'A CSV of keys that cannot be read, or whose header lacks `team`; `details.line` names the line.',
  },
  {
    code: 'INVALID_ROWS',
    status: [400],
    text: 'Rows of a batch of keys that are wrong, no key made; `details.rows`: `[{ row, line?, field, message }]`.',
  },
  { code: 'UNAUTHORIZED', status: [401], text: 'No API key where one is needed, or a key that is not known.' },
  { code: 'KEY_REVOKED', status: [401], text: 'The API key was revoked: refused from the next request on.' },
  { code: 'FORBIDDEN', status: [403], text: 'The key is not the owner (of the match to verify, its logs, the board).' },
  {
    code: 'ADMIN_KEY_REQUIRED',
    status: [403],
    text: 'Keys are administered, and leaderboards created, with an admin key; this is a team key.',
  },
  { code: 'CROSS_SITE_REQUEST', status: [403], text: "A write sent by a browser from another site's page." },
  { code: 'NOT_FOUND', status: [404], text: "No such id, route or stored bot; also someone else's private bot." },
  { code: 'ALREADY_ENTERED', status: [409], text: 'The bot is on this leaderboard already.' },
  { code: 'INVITE_UNKNOWN', status: [404], text: 'Sign-up: no such invite code.' },
  { code: 'NOT_FROZEN', status: [404, 409], text: 'The leaderboard is not frozen: no manifest yet, no final.' },
  {
    code: 'BOARD_FROZEN',
    status: [409],
    text: 'The leaderboard is frozen: no rounds, entries or entry changes (`details.frozenAt`).',
  },
  {
    code: 'DEADLINE_PASSED',
    status: [409],
    text: "Entries and pins after the leaderboard's deadline (`details.deadline`).",
  },
  {
    code: 'ROUND_RUNNING',
    status: [409],
    text: 'A freeze, void or re-rating while a round is still being played (`details.round`).',
  },
  { code: 'ALREADY_VOID', status: [409], text: 'The match was voided already (`details.void`).' },
  { code: 'FINAL_EXISTS', status: [409], text: 'The leaderboard has its final already (`details.final`).' },
  { code: 'TOO_FEW_ENTRIES', status: [409], text: 'A final needs at least 2 active entries.' },
  { code: 'INVITE_USED_UP', status: [409], text: 'Sign-up: the invite code has minted all the keys it may.' },
  { code: 'INVITE_EXPIRED', status: [409], text: 'Sign-up: the invite code has expired.' },
  {
    code: 'IDEMPOTENCY_IN_PROGRESS',
    status: [409],
    text: 'A request with the same `Idempotency-Key` is still running.',
  },
  { code: 'BUNDLE_MISSING', status: [409], text: 'Verify: a bundle of the match is not stored.' },
  {
    code: 'ROUND_RUNNING',
    status: [409],
    text: 'Another round of the board is running (`details.round`); ask for `concurrent: true` to start one anyway.',
  },
  { code: 'ROUND_FINISHED', status: [409], text: 'Cancel: the round has finished.' },
  { code: 'BOARD_FROZEN', status: [409], text: 'The leaderboard is frozen: no new rounds.' },
  {
    code: 'VERSION_FAILED_CHECK',
    status: [409],
    text: 'A bot version that failed its upload check cannot be enabled: upload a new one.',
  },
  { code: 'BODY_TOO_LARGE', status: [413], text: "The body is over its route's limit ([security.md](security.md))." },
  { code: 'BUNDLE_TOO_LARGE', status: [413], text: 'A bundle is over the bundle limit (5 MB).' },
  {
    code: 'UNSUPPORTED_MEDIA_TYPE',
    status: [415],
    text: 'A body of a type the route does not take (`application/json`, `multipart/form-data`, `text/csv`).',
  },
  { code: 'HOST_NOT_ALLOWED', status: [421], text: 'A `Host` the server does not answer to (`ALLOWED_HOSTS`).' },
  { code: 'BOT_INVALID', status: [422], text: 'An uploaded bot does not load or does not answer a turn.' },
  {
    code: 'TYPESCRIPT_SYNTAX',
    status: [422],
    text: 'A TypeScript bot whose types cannot be stripped: a syntax error (`details { line, column }`).',
  },
  {
    code: 'TYPESCRIPT_UNSUPPORTED',
    status: [422],
    text: 'A TypeScript bot with a `namespace` block, which the type stripper would drop (`details { line, column }`).',
  },
  {
    code: 'GAME_REQUIRED',
    status: [422],
    text: 'A bundle uploaded without `game` (`details.games` lists the games); only a text bot may leave it out.',
  },
  {
    code: 'BOT_GAME_MISMATCH',
    status: [422],
    text: 'A stored bot of one game in a match or on a leaderboard of another (`details { botGame, game }`).',
  },
  {
    code: 'SCHEDULE_UNSUPPORTED',
    status: [422],
    text: 'Swiss rounds or a ladder on a game whose matches seat more than two.',
  },
  {
    code: 'NO_VALID_VERSION',
    status: [422],
    text: 'A stored bot with no version that may play (all disabled), or `bot@N` / a pinned version that does not exist, is disabled or was uploaded after the deadline.',
  },
  {
    code: 'BOT_DELETED',
    status: [422],
    text: "A board's scheduled match of a bot its owner deleted: the match is counted failed.",
  },
  { code: 'MAP_INVALID', status: [422], text: 'An inline map breaks a rule (`details.problems` names it).' },
  {
    code: 'WORLD_INVALID',
    status: [422],
    text: 'An ants world that does not parse (`details.problems` names the problem).',
  },
  {
    code: 'WORLD_TOO_BUSY',
    status: [422],
    text: 'An ants world with more ant steps (ants times rounds) than allowed.',
  },
  {
    code: 'LIMIT_EXCEEDED',
    status: [422],
    text: 'A leaderboard past a limit, more than 500 keys or 10,000 pairings in one request, or a bot past 500 versions; `details: { limit, max, count }`.',
  },
  { code: 'IDEMPOTENCY_KEY_REUSED', status: [422], text: 'The same `Idempotency-Key` with another body.' },
  {
    code: 'WEBHOOK_URL_INVALID',
    status: [422],
    text: "A hook URL (a board's, a batch's, an asynchronous match's) that is not a public http(s) address, with the reason.",
  },
  { code: 'RATE_LIMITED', status: [429], text: "The key's writes per minute are used up; see `Retry-After`." },
  {
    code: 'KEY_QUEUE_FULL',
    status: [429],
    text: 'The key has too many jobs waiting for the match pool; `Retry-After: 10`.',
  },
  { code: 'INTERNAL', status: [500], text: 'A bug: the log has the stack, the answer does not.' },
  { code: 'REPLAY_CORRUPT', status: [500], text: 'A stored replay or logs object that cannot be decoded.' },
  { code: 'ID_COLLISION', status: [500], text: 'A new match id collided with a stored one: retry the request.' },
  {
    code: 'NO_QUEUE',
    status: [501],
    text: 'This deployment has no queue for rounds, batches or asynchronous matches.',
  },
  { code: 'BOARD_CONTENDED', status: [503], text: 'A leaderboard or entry kept changing under the write: retry.' },
  { code: 'MANIFEST_MISSING', status: [503], text: "A frozen leaderboard's stored manifest is gone." },
  {
    code: 'STORAGE_UNAVAILABLE',
    status: [503],
    text: 'S3 or DynamoDB failed; a retry with the same `Idempotency-Key` completes once.',
  },
  { code: 'POOL_BUSY', status: [503], text: 'The match pool is full; `Retry-After: 10`.' },
  { code: 'MATCH_DEADLINE', status: [503], text: 'A match ran past its deadline and its worker was replaced.' },
  { code: 'MATCH_CRASHED', status: [503], text: 'The worker playing the match died (out of memory) and was replaced.' },
  { code: 'POOL_CLOSED', status: [503], text: 'The server is shutting its match pool down.' },
];

const cell = (text) => String(text).replace(/\|/g, '\\|').replace(/\n/g, ' ');
const table = (head, rows) =>
  [
    `| ${head.join(' | ')} |`,
    `| ${head.map(() => '---').join(' | ')} |`,
    ...rows.map((r) => `| ${r.join(' | ')} |`),
  ].join('\n');

/** The endpoints of an OpenAPI document: method and path, what it does, who may call it, its statuses. */
export function endpointsTable(openapi) {
  const rows = [];
  for (const [path, operations] of Object.entries(openapi.paths)) {
    for (const [method, op] of Object.entries(operations)) {
      const security = op.security ?? [];
      const key = security.length === 0 ? 'no' : security.some((s) => Object.keys(s).length === 0) ? 'optional' : 'yes';
      rows.push([
        `\`${method.toUpperCase()} ${path}\``,
        cell(op.summary ?? ''),
        key,
        Object.keys(op.responses ?? {}).join(', '),
      ]);
    }
  }
  return table(['endpoint', 'what it does', 'key', 'statuses'], rows);
}

/** The error codes, by status. */
export function errorsTable(errors = ERRORS) {
  const sorted = [...errors].sort((a, b) => a.status[0] - b.status[0]);
  return table(
    ['status', 'code', 'when'],
    sorted.map((e) => [e.status.join(', '), `\`${e.code}\``, cell(e.text)]),
  );
}

/** The page with the block `name` replaced by `text`. */
export function withBlock(page, name, text) {
  const begin = `<!-- BEGIN ${name}: generated by scripts/api-doc.mjs -->`;
  const end = `<!-- END ${name} -->`;
  const at = page.indexOf(begin);
  const until = page.indexOf(end);
  if (at < 0 || until < at) throw new Error(`${FILE}: no '${begin}' ... '${end}'`);
  return `${page.slice(0, at + begin.length)}\n${text}\n${page.slice(until)}`;
}

/** The page with both tables made from `openapi`. */
export function apiPage(page, openapi) {
  return withBlock(withBlock(page, 'endpoints', endpointsTable(openapi)), 'errors', errorsTable());
}

/** The app's OpenAPI document, from an app made with stores that are never asked. */
export async function openApiOf(createApp) {
  const stores = unaskedDeps(FILE);
  const app = createApp({ ...stores, auth: 'optional' });
  const r = await app.request('http://127.0.0.1/openapi.json', { headers: { host: '127.0.0.1' } });
  if (r.status !== 200) throw new Error(`${FILE}: GET /openapi.json answered ${r.status}`);
  return r.json();
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { createApp } = await import('../dist/api/app.js');
  const page = readFileSync(FILE, 'utf8');
  const next = apiPage(page, await openApiOf(createApp));
  if (process.argv.includes('--check')) {
    if (next !== page) {
      console.error(`${FILE}: the tables differ from the routes or scripts/api-doc.mjs; run \`npm run docs\``);
      process.exit(1);
    }
  } else if (next !== page) {
    writeFileSync(FILE, next);
    console.log(`${FILE}: tables written`);
  }
}
