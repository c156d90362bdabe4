import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  closeSync,
  fstatSync,
  linkSync,
  mkdirSync,
  openSync,
  readFileSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { UmpireError } from '../core/errors.js';
import type { SigningCredentials } from './sigv4.js';

/**
 * The credentials of a data folder's embedded storage: made at random on its first start,
 * kept in the folder in a file only its owner can read (0600, the folder 0700). The embedded
 * servers accept only requests signed with them, so only the owner can reach the data.
 */
export const CREDENTIALS_FILE = 'storage-credentials.json';

export type LocalStorageErrorCode = 'LOCAL_STORAGE_ACCESS' | 'LOCAL_STORAGE_CREDENTIALS';

function problem(code: LocalStorageErrorCode, message: string): UmpireError<LocalStorageErrorCode> {
  return new UmpireError({ code, message });
}

const ownUid = (): number | null => (typeof process.getuid === 'function' ? process.getuid() : null);

/** Creates the data folder (0700), or narrows an existing one of ours to 0700. */
export function securePrivateDir(dir: string): void {
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const stat = statSync(dir);
    if (!stat.isDirectory()) throw problem('LOCAL_STORAGE_ACCESS', `${dir} is not a folder`);
    const uid = ownUid();
    if (uid !== null && stat.uid !== uid)
      throw problem(
        'LOCAL_STORAGE_ACCESS',
        `the data folder ${dir} belongs to another user: only its owner can use it`,
      );
    if ((stat.mode & 0o077) !== 0) chmodSync(dir, 0o700);
  } catch (e) {
    if (e instanceof UmpireError) throw e;
    throw problem('LOCAL_STORAGE_ACCESS', `cannot use the data folder ${dir}: ${(e as Error).message}`);
  }
}

/**
 * The folder's credentials, made on first use (the folder must already be secured). A file
 * that is not valid (corrupt) is replaced by new credentials, logged: they only guard this
 * folder's servers, which take the new ones from their next start.
 */
export function loadOrCreateCredentials(
  dir: string,
  log: (line: string) => void = (line) => console.error(line),
): SigningCredentials {
  const file = join(dir, CREDENTIALS_FILE);
  const existing = readCredentialsFile(file);
  if (existing === 'invalid') {
    log(`umpire: ${file} is not valid: new credentials replace it`);
    try {
      unlinkSync(file);
    } catch (e) {
      throw problem('LOCAL_STORAGE_CREDENTIALS', `cannot replace ${file}: ${(e as Error).message}`);
    }
  } else if (existing) return existing;
  const fresh: SigningCredentials = {
    // The shape of AWS keys: 20 upper-case characters, a 40-character secret.
    accessKeyId: `UMPL${randomBytes(10).toString('hex').toUpperCase().slice(0, 16)}`,
    secretAccessKey: randomBytes(30).toString('base64'),
  };
  // Written aside, then linked into place: a second process starting at the same time
  // never sees a half-written file, and the first one to link wins.
  const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    writeFileSync(temp, `${JSON.stringify(fresh)}\n`, { mode: 0o600, flag: 'wx' });
    try {
      linkSync(temp, file);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
  } catch (e) {
    throw problem('LOCAL_STORAGE_CREDENTIALS', `cannot write ${file}: ${(e as Error).message}`);
  } finally {
    try {
      unlinkSync(temp);
    } catch {
      // already gone
    }
  }
  const stored = readCredentialsFile(file);
  if (!stored || stored === 'invalid')
    throw problem('LOCAL_STORAGE_CREDENTIALS', `${file} could not be made: is another process writing it?`);
  return stored;
}

/** The credentials of a folder whose storage another process runs; null when there are none. */
export function readLocalCredentials(dir: string): SigningCredentials | null {
  const file = join(dir, CREDENTIALS_FILE);
  const stored = readCredentialsFile(file);
  if (stored === 'invalid')
    throw problem('LOCAL_STORAGE_CREDENTIALS', `${file} is not valid: restart the server to make new credentials`);
  return stored;
}

/** The credentials in `file`; null when there is no such file, 'invalid' when it holds no credentials. */
function readCredentialsFile(file: string): SigningCredentials | 'invalid' | null {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return null;
    if (code === 'EACCES' || code === 'EPERM')
      throw problem(
        'LOCAL_STORAGE_ACCESS',
        `cannot read ${file}: only the owner of the data folder can use its storage`,
      );
    throw problem('LOCAL_STORAGE_CREDENTIALS', `cannot read ${file}: ${(e as Error).message}`);
  }
  try {
    const stat = fstatSync(fd);
    const uid = ownUid();
    if (uid !== null && stat.uid !== uid)
      throw problem(
        'LOCAL_STORAGE_ACCESS',
        `${file} belongs to another user: only the owner of the data folder can use its storage`,
      );
    if ((stat.mode & 0o077) !== 0) chmodSync(file, 0o600);
    return parseCredentials(readFileSync(fd, 'utf8')) ?? 'invalid';
  } finally {
    closeSync(fd);
  }
}

function parseCredentials(text: string): SigningCredentials | null {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null) return null;
    const { accessKeyId, secretAccessKey } = value as Record<string, unknown>;
    if (typeof accessKeyId !== 'string' || typeof secretAccessKey !== 'string') return null;
    if (!/^[A-Z0-9]{16,128}$/.test(accessKeyId) || secretAccessKey.length < 32) return null;
    return { accessKeyId, secretAccessKey };
  } catch {
    return null;
  }
}
