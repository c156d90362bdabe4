import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TABLE_LAYOUT } from '../../src/store/aws/dynamo-matches.js';
import { storageConfigFromEnv } from '../../src/store/aws/stores.js';
import { bundleKey, logsKey, replayKey } from '../../src/match/digest.js';
import { MATCH_OBJECT_PREFIX, matchObjectKey } from '../../src/match/match-object.js';

// infra/cloudformation.json must create what the code expects, and grant no more than it uses.

const template = JSON.parse(readFileSync('infra/cloudformation.json', 'utf8'));
const resources = template.Resources as Record<string, { Type: string; Properties: any }>;
const ofType = (type: string) => Object.values(resources).filter((r) => r.Type === type);
const firstOfType = (type: string) => {
  const [first] = ofType(type);
  if (!first) throw new Error(`the template has no ${type}`);
  return first;
};

/** IAM actions the storage adapters call, from the AWS SDK commands they send. */
function actionsUsedByStores(): string[] {
  const actions = new Set<string>();
  for (const [file, service] of [
    ['src/store/aws/s3-blobs.ts', 's3'],
    ['src/store/aws/dynamo-matches.ts', 'dynamodb'],
    ['src/store/aws/dynamo-keys.ts', 'dynamodb'],
    ['src/store/aws/dynamo-bots.ts', 'dynamodb'],
    ['src/store/aws/dynamo-leaderboards.ts', 'dynamodb'],
    ['src/store/aws/batch-items.ts', 'dynamodb'],
    ['src/runtimes/lambda/sqs-queue.ts', 'sqs'],
  ] as const) {
    // IAM has no action of its own for a batch call: SendMessageBatch is allowed by sqs:SendMessage.
    for (const m of readFileSync(file, 'utf8').matchAll(/new (\w+)Command\(/g))
      actions.add(`${service}:${m[1]!.replace(/^(SendMessage|DeleteMessage|ChangeMessageVisibility)Batch$/, '$1')}`);
  }
  return [...actions].sort();
}

describe('infra/cloudformation.json', () => {
  it('is a CloudFormation template with the resources of the service', () => {
    expect(template.AWSTemplateFormatVersion).toBe('2010-09-09');
    expect(
      Object.values(resources)
        .map((r) => r.Type)
        .sort(),
    ).toEqual(
      [
        'AWS::DynamoDB::Table',
        'AWS::IAM::Role',
        'AWS::Lambda::EventSourceMapping',
        'AWS::Lambda::Function',
        'AWS::Lambda::Permission',
        'AWS::Lambda::Url',
        'AWS::S3::Bucket',
        'AWS::SQS::Queue',
        'AWS::SQS::Queue',
      ].sort(),
    );
  });

  it('creates the table the code reads and writes: keys, index, pay per request', () => {
    const table = firstOfType('AWS::DynamoDB::Table');
    const p = table.Properties;
    expect(p.BillingMode).toBe('PAY_PER_REQUEST');
    expect(p.KeySchema).toEqual([
      { AttributeName: TABLE_LAYOUT.hashKey, KeyType: 'HASH' },
      { AttributeName: TABLE_LAYOUT.rangeKey, KeyType: 'RANGE' },
    ]);
    const index = p.GlobalSecondaryIndexes.find((i: { IndexName: string }) => i.IndexName === TABLE_LAYOUT.byBotIndex);
    expect(index.KeySchema).toEqual([
      { AttributeName: TABLE_LAYOUT.byBotHashKey, KeyType: 'HASH' },
      { AttributeName: TABLE_LAYOUT.byBotRangeKey, KeyType: 'RANGE' },
    ]);
    expect(index.Projection.ProjectionType).toBe('ALL');
    const defined = p.AttributeDefinitions.map((a: { AttributeName: string }) => a.AttributeName).sort();
    expect(defined).toEqual(
      [TABLE_LAYOUT.hashKey, TABLE_LAYOUT.rangeKey, TABLE_LAYOUT.byBotHashKey, TABLE_LAYOUT.byBotRangeKey].sort(),
    );
  });

  it('creates an encrypted, private bucket with a lifecycle rule on the replays', () => {
    const bucket = firstOfType('AWS::S3::Bucket');
    const p = bucket.Properties;
    expect(p.BucketEncryption.ServerSideEncryptionConfiguration[0].ServerSideEncryptionByDefault.SSEAlgorithm).toBe(
      'AES256',
    );
    expect(Object.values(p.PublicAccessBlockConfiguration).every((v) => v === true)).toBe(true);
    // Matches' objects, and the replays of matches stored before them, age out alike.
    for (const prefix of [MATCH_OBJECT_PREFIX, replayKey('x').split('/')[0] + '/']) {
      const rule = p.LifecycleConfiguration.Rules.find((r: { Prefix: string }) => r.Prefix === prefix);
      expect(rule).toMatchObject({ Status: 'Enabled', Prefix: prefix });
      expect(rule.ExpirationInDays).toEqual({ Ref: 'ReplayRetentionDays' });
    }
  });

  it('gives the Lambda exactly the storage actions the code uses, on its bucket prefix and its table', () => {
    const role = firstOfType('AWS::IAM::Role');
    const statements = role.Properties.Policies.flatMap(
      (p: { PolicyDocument: { Statement: unknown[] } }) => p.PolicyDocument.Statement,
    );
    const granted = statements.flatMap((s: { Action: string[] }) => s.Action).sort();
    // What the code sends, plus what Lambda needs to consume the queue for it.
    const eventSource = [
      'sqs:ChangeMessageVisibility',
      'sqs:DeleteMessage',
      'sqs:GetQueueAttributes',
      'sqs:ReceiveMessage',
    ];
    expect(granted).toEqual([...actionsUsedByStores(), ...eventSource].sort());
    for (const s of statements) expect(JSON.stringify(s.Resource)).not.toContain('"*"');
    // Every key prefix the API writes is granted, and nothing wider.
    for (const key of [matchObjectKey('x'), replayKey('x'), logsKey('x'), bundleKey('x')])
      expect(JSON.stringify(statements)).toContain(`/${key.split('/')[0]}/*`);
    expect(JSON.stringify(statements)).toContain(`/index/${TABLE_LAYOUT.byBotIndex}`);
  });

  it('deploys a Node.js runtime AWS Lambda still accepts for new functions, one the package supports', () => {
    // AWS's Lambda runtime table: the date each runtime is deprecated, after which functions can no
    // longer be created with it (nodejs20.x: 2026-04-30). A runtime past its date fails this test.
    const deprecatedOn: Record<string, string> = { 'nodejs22.x': '2027-04-30', 'nodejs24.x': '2028-04-30' };
    const runtimes = ofType('AWS::Lambda::Function').map((f) => f.Properties.Runtime as string);
    expect(runtimes.length).toBeGreaterThan(0);
    for (const runtime of runtimes) {
      expect(Object.keys(deprecatedOn), `${runtime} is not a runtime AWS accepts for new functions`).toContain(runtime);
      expect(Date.parse(deprecatedOn[runtime]!)).toBeGreaterThan(Date.now());
      const major = Number(/^nodejs(\d+)\.x$/.exec(runtime)![1]);
      // package.json's engines must take the runtime's Node major, and the Lambda bundles must target no later one.
      const engines = (JSON.parse(readFileSync('package.json', 'utf8')).engines.node as string)
        .split('||')
        .map((r) => r.trim());
      expect(
        engines.some((r) => r.startsWith(`^${major}.`) || (r.startsWith('>=') && Number(r.slice(2)) <= major)),
      ).toBe(true);
      for (const script of ['scripts/bundle-functions.mjs', 'scripts/package-lambda.mjs']) {
        const target = /target: 'node(\d+)'/.exec(readFileSync(script, 'utf8'));
        expect(Number(target?.[1])).toBeLessThanOrEqual(major);
      }
    }
  });

  it('configures the Lambda with the variables the code reads, behind a Function URL', () => {
    const fn = firstOfType('AWS::Lambda::Function');
    const vars = fn.Properties.Environment.Variables;
    const config = storageConfigFromEnv(Object.fromEntries(Object.keys(vars).map((k) => [k, `value-of-${k}`])));
    expect(config).toMatchObject({
      s3: { bucket: 'value-of-S3_BUCKET' },
      dynamodb: { table: 'value-of-DYNAMODB_TABLE' },
    });
    expect(vars.SQS_QUEUE_URL).toEqual({ Ref: 'MatchesQueue' });
    const mapping = firstOfType('AWS::Lambda::EventSourceMapping');
    expect(mapping.Properties).toMatchObject({
      FunctionName: { Ref: 'ApiFunction' },
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
    // A message stays hidden longer than the function may run on it.
    expect(resources.MatchesQueue!.Properties.VisibilityTimeout).toBeGreaterThan(fn.Properties.Timeout);
    expect(fn.Properties.Handler).toBe('dist/functions/lambda.handler');
    const url = firstOfType('AWS::Lambda::Url');
    expect(url.Properties.TargetFunctionArn).toEqual({ 'Fn::GetAtt': ['ApiFunction', 'Arn'] });
  });

  it('deploys a package whose handler runs on its own', () => {
    execFileSync(process.execPath, ['scripts/package-lambda.mjs'], { stdio: 'pipe' });
    // Outside the project, the package must not need node_modules.
    const dir = mkdtempSync(join(tmpdir(), 'umpire-lambda-pkg-'));
    execFileSync('cp', ['-r', 'dist/lambda/.', dir]);
    // Local storage for it, from the project; the package itself sees only its own files.
    const storage = join(process.cwd(), 'dist/local-aws/embedded.js');
    const aws = join(process.cwd(), 'dist/store/aws/stores.js');
    const probe = `
      const { startEmbeddedStorage } = await import('${storage}');
      const { createStores, ensureStorage } = await import('${aws}');
      const local = await startEmbeddedStorage('${dir}/data');
      const stores = createStores(local.config);
      await ensureStorage(stores);
      const { newApiKey } = await import('${join(process.cwd(), 'dist/api/auth.js')}');
      const created = await newApiKey('probe', 10, new Date());
      await stores.keys.create(created.hash, created.record);
      Object.assign(process.env, { S3_BUCKET: local.config.s3.bucket, S3_ENDPOINT: local.config.s3.endpoint,
        DYNAMODB_TABLE: local.config.dynamodb.table, DYNAMODB_ENDPOINT: local.config.dynamodb.endpoint,
        AWS_ACCESS_KEY_ID: local.config.credentials.accessKeyId, AWS_SECRET_ACCESS_KEY: local.config.credentials.secretAccessKey, AWS_REGION: 'us-east-1' });
      const { handler } = await import('${dir}/dist/functions/lambda.js');
      const bot = 'export default () => "idle"';
      const r = await handler({ version: '2.0', rawPath: '/v1/matches', rawQueryString: '', headers: { host: 'x', 'content-type': 'application/json', authorization: 'Bearer ' + created.key },
        requestContext: { domainName: 'x', http: { method: 'POST', path: '/v1/matches', sourceIp: '127.0.0.1' } },
        body: JSON.stringify({ game: 'icy', red: { js: bot }, blue: { js: bot } }), isBase64Encoded: false });
      const get = (path) => handler({ version: '2.0', rawPath: path, rawQueryString: '', headers: { host: 'x' },
        requestContext: { domainName: 'x', http: { method: 'GET', path, sourceIp: '127.0.0.1' } }, isBase64Encoded: false });
      const page = await get('/games/icy');
      const css = await get('/assets/site.css');
      await local.close();
      console.log(JSON.stringify({ ...r, page, css }));`;
    // A file rather than `-e`: the handler plays in a worker thread, which would inherit `--input-type`.
    writeFileSync(join(dir, 'probe.mjs'), probe);
    const out = execFileSync(process.execPath, [join(dir, 'probe.mjs')], {
      cwd: dir,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    const response = JSON.parse(out.trim().split('\n').pop()!);
    expect(response.statusCode).toBe(201);
    expect(JSON.parse(response.body)).toMatchObject({ status: 'finished', turns: 180, winner: 'draw' });
    // The web pages come with the app on Lambda too.
    const text = (r: { body: string; isBase64Encoded?: boolean }) =>
      r.isBase64Encoded ? Buffer.from(r.body, 'base64').toString('utf8') : r.body;
    expect(response.page.statusCode).toBe(200);
    expect(text(response.page)).toMatch(/^<!doctype html>.*<h1>Icy Projectile<\/h1>/s);
    expect(text(response.css)).toContain('prefers-color-scheme: dark');
  }, 60_000);
});
