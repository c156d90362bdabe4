// The tables of docs/security.md, made from the code they describe. Each table sits between a
// BEGIN and an END comment naming it; what is around them is written by hand and left as it is.
// The settings' outcomes come from the functions that read them (src/api/site.ts); the refusals,
// the headers and the body limits from requests answered by the app itself (src/api/app.ts, with
// stores that are never reached). test/docs/security-doc.test.ts fails when docs/security.md
// differs from the tables. `node scripts/security-doc.mjs` (after the build: it reads dist/)
// rewrites them (`npm run docs`); `--check` exits 1 when they are out of date.
import { readFileSync, writeFileSync } from 'node:fs';
import { unaskedDeps } from './unasked-deps.mjs';

export const FILE = 'docs/security.md';

/**
 * The code the tables are made from, taken from src/ by the test and from dist/ by the script:
 * createApp (api/app), nodeListenFromEnv and platformSiteFromEnv (api/site), viewerPolicy
 * (api/policies), BODY_SHAPE (core/bounded-body), MAX_ID_CHARS (api/schemas), DEFAULT_BODY_BYTES
 * (api/limits).
 */
export async function codeFromDist() {
  const { createApp } = await import('../dist/api/app.js');
  const { nodeListenFromEnv, platformSiteFromEnv } = await import('../dist/api/site.js');
  const { viewerPolicy } = await import('../dist/api/policies.js');
  const { BODY_SHAPE } = await import('../dist/core/bounded-body.js');
  const { MAX_ID_CHARS } = await import('../dist/api/schemas.js');
  const { DEFAULT_BODY_BYTES } = await import('../dist/api/limits.js');
  return {
    createApp,
    nodeListenFromEnv,
    platformSiteFromEnv,
    viewerPolicy,
    BODY_SHAPE,
    MAX_ID_CHARS,
    DEFAULT_BODY_BYTES,
  };
}

/** Two apps, open and keyed, with stores and a runner that fail if asked: every request below is answered before any is. */
function appsOf(createApp) {
  const stores = unaskedDeps('docs/security.md');
  const site = {
    origin: 'https://umpire.example.com',
    hosts: ['127.0.0.1', 'localhost', '[::1]', 'umpire.example.com'],
  };
  return {
    open: createApp({ ...stores, auth: 'optional', site }),
    keyed: createApp({ ...stores, auth: 'required', site }),
  };
}

const code = (text) => `\`${String(text).replace(/\|/g, '\\|')}\``;
const cell = (text) => String(text).replace(/\|/g, '\\|').replace(/\n/g, ' ');
const table = (head, rows) =>
  [
    `| ${head.join(' | ')} |`,
    `| ${head.map(() => '---').join(' | ')} |`,
    ...rows.map((r) => `| ${r.join(' | ')} |`),
  ].join('\n');
const bytes = (n) =>
  `${n.toLocaleString('en-US')} bytes (${n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1)} MiB` : `${n / 1024} KiB`})`;
const envText = (env) =>
  Object.keys(env).length
    ? Object.entries(env)
        .map(([k, v]) => code(`${k}=${v}`))
        .join(' ')
    : '(none)';

/** What `npm start` makes of some settings: where it listens, its public origin, the hosts it answers to. */
function listenTable({ nodeListenFromEnv }) {
  const examples = [
    {},
    { PORT: '9000' },
    { HOST: '0.0.0.0', AUTH: 'required', PUBLIC_URL: 'https://umpire.example.com' },
    {
      HOST: '0.0.0.0',
      AUTH: 'required',
      PUBLIC_URL: 'https://umpire.example.com',
      ALLOWED_HOSTS: 'umpire.internal,10.0.0.5',
    },
    { HOST: '10.0.0.5', AUTH: 'required' },
  ];
  return table(
    ['settings', 'listens on', 'URLs built on', 'Host names answered'],
    examples.map((env) => {
      const r = nodeListenFromEnv(env);
      if (!r.ok) throw new Error(`docs/security.md: ${JSON.stringify(env)} was refused: ${r.problems[0].message}`);
      return [
        envText(env),
        code(r.value.listening),
        code(r.value.site.origin),
        r.value.site.hosts.map(code).join(', '),
      ];
    }),
  );
}

/** What a Lambda or Worker makes of them (the platform routes by host name). */
function platformTable({ platformSiteFromEnv }) {
  const examples = [
    {},
    { PUBLIC_URL: 'https://umpire.example.com' },
    { PUBLIC_URL: 'https://umpire.example.com', ALLOWED_HOSTS: 'abc123.lambda-url.us-east-1.on.aws' },
  ];
  return table(
    ['settings', 'URLs built on', 'Host names answered'],
    examples.map((env) => {
      const r = platformSiteFromEnv(env);
      if (!r.ok) throw new Error(`docs/security.md: ${JSON.stringify(env)} was refused: ${r.problems[0].message}`);
      return [
        envText(env),
        r.value.origin ? code(r.value.origin) : "each request's own URL",
        r.value.hosts ? r.value.hosts.map(code).join(', ') : 'any',
      ];
    }),
  );
}

/** Settings `npm start` refuses to start with: the code and message it exits with. */
function startTable({ nodeListenFromEnv }) {
  const examples = [
    { HOST: '0.0.0.0' },
    { HOST: '0.0.0.0', AUTH: 'required' },
    { PUBLIC_URL: 'https://umpire.example.com/api' },
    { ALLOWED_HOSTS: 'https://umpire.example.com' },
    { PORT: '80000' },
    { HOST: 'umpire example' },
  ];
  return table(
    ['settings', 'code', 'message'],
    examples.map((env) => {
      const r = nodeListenFromEnv(env);
      if (r.ok) throw new Error(`docs/security.md: ${JSON.stringify(env)} was not refused`);
      return [envText(env), code(r.problems[0].code), cell(r.problems[0].message)];
    }),
  );
}

/** Requests every deployment refuses before any route, as the app answers them. */
async function refusalTable({ open, keyed, BODY_SHAPE, MAX_ID_CHARS }) {
  const members = `{${Array.from({ length: BODY_SHAPE.maxMembers + 1 }, (_, k) => `"k${k}":1`).join(',')}}`;
  const json = { 'content-type': 'application/json', host: 'umpire.example.com' };
  const examples = [
    [open, 'GET /', 'GET', '/', { host: 'attacker.example' }, undefined, 'Host: attacker.example'],
    [
      open,
      'POST /v1/leaderboards',
      'POST',
      '/v1/leaderboards',
      { ...json, 'sec-fetch-site': 'cross-site' },
      '{}',
      'Sec-Fetch-Site: cross-site (a page of another site)',
    ],
    [
      open,
      'POST /v1/leaderboards',
      'POST',
      '/v1/leaderboards',
      { ...json, origin: 'https://attacker.example' },
      '{}',
      'Origin: https://attacker.example (a browser without Sec-Fetch-Site)',
    ],
    [open, 'POST /v1/leaderboards', 'POST', '/v1/leaderboards', json, 'x'.repeat(70 * 1024), 'a body of 70 KiB'],
    [
      open,
      'POST /v1/leaderboards',
      'POST',
      '/v1/leaderboards',
      json,
      members,
      `a JSON object of ${BODY_SHAPE.maxMembers + 1} fields`,
    ],
    [
      open,
      'POST /v1/leaderboards',
      'POST',
      '/v1/leaderboards',
      json,
      '['.repeat(BODY_SHAPE.maxDepth + 1),
      `JSON nested ${BODY_SHAPE.maxDepth + 1} deep`,
    ],
    [
      open,
      'GET /v1/leaderboards/{id}',
      'GET',
      `/v1/leaderboards/${'x'.repeat(MAX_ID_CHARS + 1)}`,
      { host: 'umpire.example.com' },
      undefined,
      `an id of ${MAX_ID_CHARS + 1} characters`,
    ],
    [keyed, 'POST /v1/leaderboards (AUTH=required)', 'POST', '/v1/leaderboards', json, '{}', 'no Authorization header'],
  ];
  const rows = [];
  for (const [app, route, method, path, headers, body, what] of examples) {
    // As a client of the API asks (a browser's page or form gets the same refusal as a page).
    const r = await app.request(`https://umpire.example.com${path}`, {
      method,
      headers: { accept: 'application/json', ...headers },
      ...(body === undefined ? {} : { body }),
    });
    const { error } = await r.json();
    rows.push([
      cell(route),
      cell(what),
      String(r.status),
      code(error.code),
      cell(error.message.length > 240 ? `${error.message.slice(0, 240)}…` : error.message),
    ]);
  }
  return table(['request', 'what it has', 'status', 'code', 'message'], rows);
}

/** The largest body of each route, from the 413 the app answers one byte over it. */
async function limitTable({ open, BODY_SHAPE, MAX_ID_CHARS, DEFAULT_BODY_BYTES }) {
  const routes = [
    ['POST', '/v1/matches'],
    ['POST', '/v1/bots'],
    ['POST', '/ui/bots'],
    ['POST', '/v1/leaderboards'],
    ['POST', '/ui/leaderboards'],
    ['POST', '/v1/keys'],
  ];
  const rows = [];
  for (const [method, path] of routes) {
    // A body without a length, longer than any limit: the route reads it until it passes its limit.
    const body = new ReadableStream({
      pull(controller) {
        controller.enqueue(new Uint8Array(1024 * 1024).fill(0x20));
      },
    });
    const r = await open.request(`https://umpire.example.com${path}`, {
      method,
      headers: { host: 'umpire.example.com', accept: 'application/json', 'content-type': 'application/json' },
      body,
      duplex: 'half',
    });
    const { error } = await r.json();
    if (r.status !== 413)
      throw new Error(`docs/security.md: ${method} ${path} answered ${r.status} to a body without end`);
    const what = /the limit of (.*)$/.exec(error.message)?.[1] ?? '';
    rows.push([code(`${method} ${path}`), bytes(error.details.limit), cell(what)]);
  }
  rows.push(['any other request with a body', bytes(DEFAULT_BODY_BYTES), 'this request']);
  const shape = [
    ['fields of one JSON object', BODY_SHAPE.maxMembers, 'TOO_MANY_FIELDS'],
    ['elements of one JSON array', BODY_SHAPE.maxElements, 'TOO_MANY_FIELDS'],
    ['levels of JSON nesting', BODY_SHAPE.maxDepth, 'TOO_DEEP'],
    ['fields of a form', BODY_SHAPE.maxFields, 'TOO_MANY_FIELDS'],
    ['characters of an id (path or query)', MAX_ID_CHARS, 'ID_TOO_LONG'],
  ];
  return [
    table(['route', 'largest body', 'what the limit is for'], rows),
    '',
    table(
      ['what is counted', 'at most', 'beyond: 400'],
      shape.map(([what, max, c]) => [what, max.toLocaleString('en-US'), code(c)]),
    ),
  ].join('\n');
}

/** The headers of each kind of answer, as the app sends them (the viewer's from its policy's function). */
async function headerTable({ open, viewerPolicy }) {
  const rows = [];
  const answers = [
    [
      'pages (`/`, `/games/...`, `/upload`, `/leaderboards/...`, `/bots/...`, `/matches/...`, error pages)',
      '/leaderboards/new',
    ],
    ['`/docs`, the API reference', '/docs'],
    ['everything else: JSON, replays, downloads, scripts and stylesheets', '/v1/games'],
  ];
  for (const [what, path] of answers) {
    const r = await open.request(`https://umpire.example.com${path}`, { headers: { host: 'umpire.example.com' } });
    if (r.status !== 200) throw new Error(`docs/security.md: GET ${path} answered ${r.status}`);
    rows.push([
      what,
      code(r.headers.get('content-security-policy')),
      code(r.headers.get('x-frame-options')),
      code(r.headers.get('x-content-type-options')),
    ]);
  }
  const hashes = { scripts: ["'sha256-…'"], styles: ["'sha256-…'"], styleAttributes: [] };
  rows.splice(2, 0, [
    'a replay viewer, `/v1/matches/{id}/view` (hashes of its inline script and styles)',
    code(viewerPolicy(hashes, false)),
    code('DENY'),
    code('nosniff'),
  ]);
  rows.splice(3, 0, [
    'the embedded viewer, `/v1/matches/{id}/view?embed=1`',
    code(viewerPolicy(hashes, true)),
    code('SAMEORIGIN'),
    code('nosniff'),
  ]);
  return table(['answer', 'Content-Security-Policy', 'X-Frame-Options', 'X-Content-Type-Options'], rows);
}

/** Each table, by the name of its block. */
export async function securityTables(from) {
  const made = { ...from, ...appsOf(from.createApp) };
  return {
    listen: listenTable(made),
    platform: platformTable(made),
    start: startTable(made),
    refusals: await refusalTable(made),
    limits: await limitTable(made),
    headers: await headerTable(made),
  };
}

/** The page with each block replaced by its table. */
export function securityPage(page, tables) {
  let doc = page;
  for (const [name, text] of Object.entries(tables)) {
    const begin = `<!-- BEGIN ${name}: generated by scripts/security-doc.mjs -->`;
    const end = `<!-- END ${name} -->`;
    const at = doc.indexOf(begin);
    const until = doc.indexOf(end);
    if (at < 0 || until < at) throw new Error(`${FILE}: no '${begin}' ... '${end}'`);
    doc = `${doc.slice(0, at + begin.length)}\n${text}\n${doc.slice(until)}`;
  }
  return doc;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const page = readFileSync(FILE, 'utf8');
  const next = securityPage(page, await securityTables(await codeFromDist()));
  if (process.argv.includes('--check')) {
    if (next !== page) {
      console.error(`${FILE}: the tables differ from what the code answers; run \`npm run docs\``);
      process.exit(1);
    }
  } else if (next !== page) {
    writeFileSync(FILE, next);
    console.log(`${FILE}: tables written`);
  }
}
