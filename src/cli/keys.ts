import { readFileSync } from 'node:fs';
import { newApiKey } from '../api/auth.js';
import { DEFAULT_KEY_RATE, mintTeamKeys, presentKey, teamKeysFromCsv } from '../api/key-batch.js';
import { ApiProblem } from '../api/problems.js';
import { csvField } from '../core/csv-field.js';
import { UmpireError } from '../core/errors.js';
import type { ApiKeyRecord } from '../store/contract/keys.js';
import type { OpenedStores } from '../store/backend.js';
import { openStores } from '../store/factory.js';
import { NODE_BACKENDS } from '../store/registry-node.js';
import { parseCommandArgs, usageError } from './args.js';
import { describeError } from './io.js';
import type { CliContext } from './command.js';
import { describeStorage } from './storage-line.js';

/** One line per subcommand, indented as the CLI's usage indents its lines. */
export const KEYS_USAGE = [
  'umpire keys create [--name NAME] [--rate WRITES_PER_MINUTE] [--team TEAM | --admin]',
  'umpire keys create --csv FILE [--rate WRITES_PER_MINUTE]',
  'umpire keys list [--json]',
  'umpire keys revoke ID',
].join('\n  ');

const usage = () => usageError(`usage: ${KEYS_USAGE}`);

/**
 * Makes, lists and revokes API keys in the storage of the settings: S3_BUCKET/DYNAMODB_TABLE
 * (AWS, R2) if set, else the local server's embedded storage (UMPIRE_DATA_DIR, default .data),
 * running or not. Each subcommand says first, on stderr, which storage it uses; stdout has
 * only what it made or found (CSV for `create --csv`, JSON for `list --json`). A key's secret
 * is printed once: only its sha256 is stored.
 */
export async function keysCommand(
  argv: string[],
  out: (line: string) => void,
  context: Partial<CliContext> = {},
): Promise<number> {
  const note = context.err ?? ((line: string) => process.stderr.write(`${line}\n`));
  const [sub, ...rest] = argv;
  const run = sub === 'create' ? create : sub === 'list' ? list : sub === 'revoke' ? revoke : null;
  if (!run) throw usage();
  const act = run(rest, out);
  // A guest of the storage: that of a local server running on the data folder, if one is.
  const opened = await openStores(NODE_BACKENDS, { env: process.env, fallback: 'embedded', guest: true });
  try {
    note(`umpire keys: ${describeStorage(opened)}`);
    await opened.prepare();
    return await act(opened);
  } catch (e) {
    if (e instanceof ApiProblem) throw new UmpireError({ code: e.code, message: problemText(e) });
    throw e;
  } finally {
    await opened.close();
  }
}

type Act = (opened: OpenedStores) => Promise<number>;

/** Arguments are read before the storage is opened: a usage error opens nothing. */
function create(argv: string[], out: (line: string) => void): Act {
  const { values, positionals } = parseCommandArgs(argv, {
    name: { type: 'string' },
    rate: { type: 'string' },
    team: { type: 'string' },
    admin: { type: 'boolean' },
    csv: { type: 'string' },
  });
  if (positionals.length > 0) throw usage();
  const rate = values.rate === undefined ? DEFAULT_KEY_RATE : Number(values.rate);
  if (!Number.isInteger(rate) || rate < 1) throw usageError('--rate takes a positive whole number of writes a minute');
  if (values.csv !== undefined) {
    if (values.name !== undefined || values.team !== undefined || values.admin === true)
      throw usageError('--csv makes team keys from the file: its columns give team, name and rate');
    const text = readCsv(String(values.csv));
    return async ({ stores }) => {
      const made = await mintTeamKeys(stores.keys, teamKeysFromCsv(text, rate), undefined, new Date());
      out('team,name,id,key');
      for (const m of made) out([m.record.team!, m.record.name, m.record.id, m.key].map(csvField).join(','));
      return 0;
    };
  }
  if (values.admin === true && values.team !== undefined)
    throw usageError('a key is either --admin or for a --team, not both');
  // Without --admin, a team key: its team is --team, else its name.
  const name = String(values.name ?? values.team ?? 'unnamed').slice(0, 100);
  const team = String(values.team ?? name).slice(0, 100);
  return async ({ stores }) => {
    const grant = values.admin === true ? ({ scope: 'admin' } as const) : ({ scope: 'team', team } as const);
    const { key, hash, record } = await newApiKey(name, rate, new Date(), grant);
    await stores.keys.create(hash, record);
    out(`key:  ${key}`);
    out(`id:   ${record.id} (${record.name}, ${record.ratePerMinute} writes a minute, ${scopeText(record)})`);
    out('The key is shown once: only its sha256 is stored. Send it as Authorization: Bearer <key>.');
    return 0;
  };
}

function list(argv: string[], out: (line: string) => void): Act {
  const { values, positionals } = parseCommandArgs(argv, { json: { type: 'boolean' } });
  if (positionals.length > 0) throw usage();
  return async ({ stores }) => {
    const records: ApiKeyRecord[] = [];
    let cursor: string | undefined;
    do {
      const page = await stores.keys.list(100, cursor);
      records.push(...page.items);
      cursor = page.cursor ?? undefined;
    } while (cursor);
    if (values.json) {
      out(JSON.stringify(records.map(presentKey), null, 2));
      return 0;
    }
    const rows = [['id', 'scope', 'name', 'rate', 'created', 'revoked']];
    for (const r of records.map(presentKey))
      rows.push([
        r.id,
        r.scope === 'team' ? `team ${r.team}` : 'admin',
        r.name,
        String(r.ratePerMinute),
        r.createdAt,
        r.revokedAt ?? '-',
      ]);
    const widths = rows[0]!.map((_, k) => Math.max(...rows.map((row) => row[k]!.length)));
    for (const row of rows)
      out(
        row
          .map((cell, k) => cell.padEnd(widths[k]!))
          .join('  ')
          .trimEnd(),
      );
    out(`${records.length} key${records.length === 1 ? '' : 's'}`);
    return 0;
  };
}

function revoke(argv: string[], out: (line: string) => void): Act {
  const { positionals } = parseCommandArgs(argv, {});
  const [id] = positionals;
  if (positionals.length !== 1 || id === undefined) throw usage();
  return async ({ stores }) => {
    const record = await stores.keys.revoke(id, new Date().toISOString());
    if (!record) throw new UmpireError({ code: 'NOT_FOUND', message: `no key '${id.slice(0, 64)}' in this storage` });
    out(`revoked: ${record.id} (${record.name}, ${scopeText(record)}) at ${record.revokedAt}`);
    return 0;
  };
}

const scopeText = (record: ApiKeyRecord): string =>
  presentKey(record).scope === 'team' ? `team key of '${record.team}'` : 'admin key';

function readCsv(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (e) {
    throw new UmpireError({ code: 'USAGE', message: `${path}: cannot read: ${describeError(e)}` });
  }
}

/** An API problem as one message: row problems one a line. */
function problemText(p: ApiProblem): string {
  const rows = (p.details as { rows?: { row: number; line?: number; field: string; message: string }[] } | undefined)
    ?.rows;
  if (!rows) return p.message;
  const lines = rows.map(
    (r) => `  ${r.line === undefined ? `row ${r.row}` : `line ${r.line}`}: ${r.field}: ${r.message}`,
  );
  return [`${rows.length} row${rows.length === 1 ? '' : 's'} refused, no key made:`, ...lines].join('\n');
}
