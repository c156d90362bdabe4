import { indexWriteUnits } from './dynamo-item-size.mjs';

// Counts the S3 and DynamoDB requests an AWS SDK client sends, by operation, with a middleware in
// the client's own stack. It sits in the deserialize step, inside the SDK's retry loop, so a
// retried command counts once per HTTP request: what the provider bills.

const NAME = 'umpireRequestCount';

/** A tally of requests by `Service:Operation` (e.g. `S3:PutObject`, `DynamoDB:UpdateItem`). */
export class RequestTally {
  counts = new Map();
  /** DynamoDB items written (a BatchWriteItem or TransactWriteItems request writes several). */
  itemWrites = 0;
  /**
   * DynamoDB write capacity units the table reported (`measureUnits`): what writes bill, a unit per
   * KB of the larger of the item before and after, so a large item costs more than one write.
   */
  writeUnits = 0;
  /**
   * Write units the same writes cost again in the table's global secondary index (`measureUnits`),
   * worked out from the items before and after each write (`dynamo-item-size.mjs`): DynamoDB
   * bills them, but the embedded one reports only the table's. Items a batch write deletes count
   * none (their content is not known), nor does an update that takes an item out of the index.
   */
  indexWriteUnits = 0;

  /**
   * Asks DynamoDB for the capacity each request consumes, summed in `writeUnits` and `readUnits`,
   * and works out `indexWriteUnits` for an index keyed on `indexKeys`.
   */
  constructor({ measureUnits = false, indexKeys = ['gsi1pk', 'gsi1sk'] } = {}) {
    this.measureUnits = measureUnits;
    this.indexKeys = indexKeys;
  }

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
    client.middlewareStack.add(
      (next, context) => async (args) => {
        const command = String(context.commandName ?? '');
        const written = itemsWritten(command, args.input ?? {});
        this.itemWrites += written;
        const reads = READS.has(command);
        if (!this.measureUnits || (written === 0 && !reads)) return next(args);
        args.input.ReturnConsumedCapacity = 'TOTAL';
        const asked = reads ? null : askForItems(command, args.input);
        const out = await next(args);
        const used = out.output?.ConsumedCapacity;
        let units = 0;
        for (const c of Array.isArray(used) ? used : used ? [used] : []) units += c.CapacityUnits ?? 0;
        if (reads) this.readUnits += units;
        else {
          this.writeUnits += units;
          this.indexWriteUnits += indexUnitsOf(command, args.input, out.output, this.indexKeys);
          // The caller gets the answer it asked for: no item it did not ask to see.
          if (asked && out.output) delete out.output.Attributes;
        }
        return out;
      },
      { step: 'initialize', name: `${NAME}Items` },
    );
    return this;
  }

  /** Forgets what was counted (between the phases of a benchmark). */
  reset() {
    this.counts.clear();
    this.itemWrites = 0;
    this.writeUnits = 0;
    this.indexWriteUnits = 0;
    this.readUnits = 0;
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

/** The DynamoDB commands that read items (billed in read units). */
const READS = new Set(['GetItemCommand', 'QueryCommand', 'BatchGetItemCommand', 'ScanCommand']);

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

/**
 * Makes a single-item write return the item the index needs (the old one of a put or delete, the
 * new one of an update), unless the caller asked for something itself; true if it was added.
 */
function askForItems(command, input) {
  if (input.ReturnValues !== undefined) return false;
  if (command === 'PutItemCommand' || command === 'DeleteItemCommand') input.ReturnValues = 'ALL_OLD';
  else if (command === 'UpdateItemCommand') input.ReturnValues = 'ALL_NEW';
  else return false;
  return true;
}

/** The index write units of one write, from the items it was given and returned. */
function indexUnitsOf(command, input, output, keys) {
  const returned = output?.Attributes;
  switch (command) {
    case 'PutItemCommand':
      return indexWriteUnits(input.ReturnValues === 'ALL_OLD' ? returned : undefined, input.Item, keys);
    case 'DeleteItemCommand':
      return indexWriteUnits(input.ReturnValues === 'ALL_OLD' ? returned : undefined, undefined, keys);
    case 'UpdateItemCommand':
      return indexWriteUnits(undefined, input.ReturnValues === 'ALL_NEW' ? returned : undefined, keys);
    case 'BatchWriteItemCommand': {
      let units = 0;
      for (const list of Object.values(input.RequestItems ?? {}))
        for (const request of list) units += indexWriteUnits(undefined, request.PutRequest?.Item, keys);
      return units;
    }
    default:
      return 0;
  }
}

/** How many DynamoDB items a command writes (0 for reads and for other services). */
function itemsWritten(command, input) {
  switch (command) {
    case 'PutItemCommand':
    case 'UpdateItemCommand':
    case 'DeleteItemCommand':
      return 1;
    case 'BatchWriteItemCommand':
      return Object.values(input.RequestItems ?? {}).reduce((n, list) => n + list.length, 0);
    case 'TransactWriteItemsCommand':
      return (input.TransactItems ?? []).length;
    default:
      return 0;
  }
}
