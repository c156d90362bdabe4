// Counts the S3 and DynamoDB requests an AWS SDK client sends, by operation, with a middleware in
// the client's own stack. It sits in the deserialize step, inside the SDK's retry loop, so a
// retried command counts once per HTTP request: what the provider bills.

const NAME = 'umpireRequestCount';

/** A tally of requests by `Service:Operation` (e.g. `S3:PutObject`, `DynamoDB:UpdateItem`). */
export class RequestTally {
  counts = new Map();

  /** Counts every request `client` sends from now on (an S3Client, DynamoDBClient or SQSClient). */
  watch(client) {
    if (client.middlewareStack.identify().some((entry) => entry.startsWith(NAME))) return this;
    client.middlewareStack.add(
      (next, context) => async (args) => {
        const service = String(context.clientName ?? 'Unknown').replace(/Client$/, '');
        const operation = String(context.commandName ?? 'Unknown').replace(/Command$/, '');
        const key = `${service}:${operation}`;
        this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
        return next(args);
      },
      { step: 'deserialize', name: NAME },
    );
    return this;
  }

  /** Forgets what was counted (between the phases of a benchmark). */
  reset() {
    this.counts.clear();
  }

  /** Requests of one service, or of every service. */
  total(service) {
    let sum = 0;
    for (const [key, n] of this.counts) if (!service || key.startsWith(`${service}:`)) sum += n;
    return sum;
  }

  /** The counts divided by `matches`, sorted by key: `{ 'S3:PutObject': 1, ... }`. */
  perMatch(matches) {
    const out = {};
    for (const key of [...this.counts.keys()].sort()) out[key] = this.counts.get(key) / matches;
    return out;
  }
}

const WRITES = new Set([
  'PutItem',
  'UpdateItem',
  'DeleteItem',
  'BatchWriteItem',
  'TransactWriteItems',
  'PutObject',
  'CopyObject',
  'DeleteObject',
  'DeleteObjects',
]);

/** Whether an operation is a write (billed as a PUT on S3, as write units on DynamoDB). */
export const isWrite = (key) => WRITES.has(key.split(':')[1]);
