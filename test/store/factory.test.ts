import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { chosenBackend, openStores, prepareOrReport } from '../../src/store/factory.js';
import { PORTABLE_BACKENDS } from '../../src/store/registry.js';
import { NODE_BACKENDS } from '../../src/store/registry-node.js';
import { StoreConfigError } from '../../src/store/config-error.js';

// Which backend the settings open, on each runtime's registry.

const quiet = { log: () => undefined };
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (e: unknown) => e,
  );

describe('choosing a backend', () => {
  it('STORE names it; else aws when S3_BUCKET and DYNAMODB_TABLE are both set; else the fallback', () => {
    expect(chosenBackend({ STORE: 'memory', S3_BUCKET: 'b', DYNAMODB_TABLE: 't' })).toBe('memory');
    expect(chosenBackend({ S3_BUCKET: 'b', DYNAMODB_TABLE: 't' }, 'embedded')).toBe('aws');
    expect(chosenBackend({ S3_BUCKET: 'b', DYNAMODB_TABLE: '' }, 'embedded')).toBe('embedded');
    expect(chosenBackend({ STORE: '', S3_BUCKET: '', DYNAMODB_TABLE: '' }, 'embedded')).toBe('embedded');
    expect(chosenBackend({})).toBeNull();
  });

  it('lists the portable backends for Lambda and Workers, and adds embedded on Node', () => {
    expect(PORTABLE_BACKENDS.map((b) => b.name).sort()).toEqual(['aws', 'memory']);
    expect(NODE_BACKENDS.map((b) => b.name).sort()).toEqual(['aws', 'embedded', 'memory']);
  });
});

describe('opening stores', () => {
  it('STORE naming no backend of the runtime is STORE_UNKNOWN, listing those there are', async () => {
    const e = await failure(openStores(PORTABLE_BACKENDS, { env: { STORE: 'embedded' }, ...quiet }));
    expect(e).toBeInstanceOf(StoreConfigError);
    expect((e as StoreConfigError).code).toBe('STORE_UNKNOWN');
    expect((e as Error).message).toContain('memory:');
    expect((e as Error).message).toContain('aws:');
  });

  it('no setting and no fallback (Lambda, Workers) is STORE_NOT_CONFIGURED; so is STORE=aws without its bucket and table', async () => {
    expect(((await failure(openStores(PORTABLE_BACKENDS, { env: {}, ...quiet }))) as StoreConfigError).code).toBe(
      'STORE_NOT_CONFIGURED',
    );
    expect(
      (
        (await failure(
          openStores(PORTABLE_BACKENDS, { env: { STORE: 'aws', S3_BUCKET: 'b' }, ...quiet }),
        )) as StoreConfigError
      ).message,
    ).toBe('STORE=aws needs S3_BUCKET and DYNAMODB_TABLE');
  });

  it('opens memory stores that keep what is written, and needs nothing prepared', async () => {
    const opened = await openStores(PORTABLE_BACKENDS, { env: { STORE: 'memory' }, ...quiet });
    expect(opened.backend).toBe('memory');
    expect(await prepareOrReport(opened)).toBe(true);
    await opened.stores.blobs.put('k', new Uint8Array([1]), { contentType: 'application/octet-stream' });
    expect(await opened.stores.blobs.get('k')).toEqual(new Uint8Array([1]));
    await opened.close();
  });

  it('opens aws stores on the configured endpoints; a guest creates nothing, an owner that cannot reach them reports it', async () => {
    const env = {
      S3_BUCKET: 'b',
      DYNAMODB_TABLE: 't',
      S3_ENDPOINT: 'http://127.0.0.1:9',
      DYNAMODB_ENDPOINT: 'http://127.0.0.1:9',
      AWS_ACCESS_KEY_ID: 'x',
      AWS_SECRET_ACCESS_KEY: 'y',
    };
    const guest = await openStores(NODE_BACKENDS, { env, guest: true, ...quiet });
    expect(guest.backend).toBe('aws');
    expect(guest.where).toEqual([
      'replays: s3 http://127.0.0.1:9 bucket b',
      'records: dynamodb http://127.0.0.1:9 table t',
    ]);
    await guest.prepare();
    await guest.close();
    const owner = await openStores(NODE_BACKENDS, { env, ...quiet });
    const lines: string[] = [];
    expect(await prepareOrReport(owner, (line) => lines.push(line))).toBe(false);
    expect(lines[0]).toMatch(/^umpire: storage is not ready \(.*\); requests that need it get 503 until it works$/);
    await owner.close();
  });

  it('on Node, with no setting, starts the embedded servers on UMPIRE_DATA_DIR; a guest borrows them while they run', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'umpire-factory-')), 'data');
    const owner = await openStores(NODE_BACKENDS, { env: { UMPIRE_DATA_DIR: dir }, fallback: 'embedded', ...quiet });
    try {
      expect(owner.backend).toBe('embedded');
      expect(owner.where.at(-1)).toBe(`embedded storage, data in ${dir}`);
      await owner.prepare();
      await owner.stores.keys.create('hash', {
        id: 'key_1',
        name: 'n',
        createdAt: '2026-01-01T00:00:00.000Z',
        ratePerMinute: 1,
      });
      const guest = await openStores(NODE_BACKENDS, {
        env: { UMPIRE_DATA_DIR: dir },
        fallback: 'embedded',
        guest: true,
        ...quiet,
      });
      expect(await guest.stores.keys.find('hash')).toMatchObject({ id: 'key_1' });
      await guest.close();
      expect(await owner.stores.keys.find('hash')).toMatchObject({ id: 'key_1' });
    } finally {
      await owner.close();
    }
    expect(existsSync(join(dir, 'endpoints.json'))).toBe(false);
  });
});
