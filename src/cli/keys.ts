import { newApiKey } from '../api/auth.js';
import { openStores } from '../store/factory.js';
import { NODE_BACKENDS } from '../store/registry-node.js';
import { parseCommandArgs, usageError } from './args.js';

export const KEYS_USAGE = 'umpire keys create [--name NAME] [--rate WRITES_PER_MINUTE]';

/**
 * Creates an API key and prints it once; only its sha256 is stored. Storage:
 * S3_BUCKET/DYNAMODB_TABLE (AWS, R2) if set, else the local server's embedded
 * storage (UMPIRE_DATA_DIR, default .data), running or not.
 */
export async function keysCommand(argv: string[], out: (line: string) => void): Promise<number> {
  const [sub, ...rest] = argv;
  if (sub !== 'create') throw usageError(`usage: ${KEYS_USAGE}`);
  const { values, positionals } = parseCommandArgs(rest, { name: { type: 'string' }, rate: { type: 'string' } });
  if (positionals.length > 0) throw usageError(`usage: ${KEYS_USAGE}`);
  const rate = values.rate === undefined ? 60 : Number(values.rate);
  if (!Number.isInteger(rate) || rate < 1) throw usageError('--rate takes a positive whole number of writes a minute');
  const name = String(values.name ?? 'unnamed').slice(0, 100);

  // A guest of the storage: that of a local server running on the data folder, if one is.
  const opened = await openStores(NODE_BACKENDS, { env: process.env, fallback: 'embedded', guest: true });
  try {
    const { stores } = opened;
    await opened.prepare();
    const { key, hash, record } = await newApiKey(name, rate, new Date());
    await stores.keys.create(hash, record);
    out(`key:  ${key}`);
    out(`id:   ${record.id} (${record.name}, ${record.ratePerMinute} writes a minute)`);
    out('The key is shown once: only its sha256 is stored. Send it as Authorization: Bearer <key>.');
    return 0;
  } finally {
    await opened.close();
  }
}
