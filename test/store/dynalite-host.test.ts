import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DynaliteHost, type DynamoCall } from '../../src/local-aws/dynalite-host.js';

// dynalite in its worker thread: a database that cannot be opened is logged and answered
// with 503, and never takes the process down.

const listTables: DynamoCall = {
  method: 'POST',
  url: '/',
  headers: {
    'content-type': 'application/x-amz-json-1.0',
    'x-amz-target': 'DynamoDB_20120810.ListTables',
    // dynalite wants some signature; the front has checked the real one before this point.
    authorization:
      'AWS4-HMAC-SHA256 Credential=a/20260101/us-east-1/dynamodb/aws4_request, SignedHeaders=host, Signature=0',
    'x-amz-date': '20260101T000000Z',
  },
  body: new TextEncoder().encode('{}'),
};

describe('DynaliteHost', () => {
  it('serves a folder, and a second host on the same folder (locked) logs why and answers 503', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'umpire-host-'));
    const logs: string[] = [];
    const first = new DynaliteHost(dir, (l) => logs.push(l));
    await first.start();
    expect((await first.call(listTables)).status).toBe(200);
    const second = new DynaliteHost(dir, (l) => logs.push(l));
    await second.start();
    const refused = await second.call(listTables);
    expect(refused.status).toBe(503);
    expect(JSON.parse(refused.body).__type).toMatch(/ServiceUnavailableException/);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toContain(`embedded DynamoDB, data in ${dir}: cannot open the database`);
    expect(logs[0]).toMatch(/lock/i);
    expect((await first.call(listTables)).status).toBe(200);
    await second.close();
    await first.close();
  }, 30_000);

  it('a folder whose files cannot be opened: start resolves, calls get 503, close works', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'umpire-host-bad-')), 'db');
    mkdirSync(dir);
    writeFileSync(join(dir, 'CURRENT'), 'MANIFEST-000042\n');
    const logs: string[] = [];
    const host = new DynaliteHost(dir, (l) => logs.push(l));
    await host.start();
    expect((await host.call(listTables)).status).toBe(503);
    expect(logs.join('\n')).toContain('cannot open the database');
    await host.close();
    expect((await host.call(listTables)).status).toBe(503);
  }, 30_000);

  it('closing while it starts ends both', async () => {
    const host = new DynaliteHost(mkdtempSync(join(tmpdir(), 'umpire-host-close-')), () => undefined);
    const started = host.start();
    await host.close();
    await started;
    expect((await host.call(listTables)).status).toBe(503);
  }, 30_000);
});
