// What DynamoDB bills an item's writes by: its size, as the developer guide gives the rules
// (names and values in UTF-8 bytes, numbers a byte per two significant digits plus one,
// 3 bytes of overhead and a byte per element for maps and lists).

const utf8 = (text) => Buffer.byteLength(text, 'utf8');

function numberBytes(text) {
  const digits = text.replace(/^[-+]/, '').replace(/e.*$/i, '').replace('.', '').replace(/^0+/, '').replace(/0+$/, '');
  return Math.ceil(Math.max(1, digits.length) / 2) + 1;
}

/** The size in bytes of one attribute value. */
export function valueBytes(value) {
  if (value.S !== undefined) return utf8(value.S);
  if (value.N !== undefined) return numberBytes(value.N);
  if (value.B !== undefined) return value.B.length ?? utf8(String(value.B));
  if (value.BOOL !== undefined || value.NULL !== undefined) return 1;
  if (value.SS) return value.SS.reduce((n, s) => n + utf8(s), 0);
  if (value.NS) return value.NS.reduce((n, s) => n + numberBytes(s), 0);
  if (value.BS) return value.BS.reduce((n, b) => n + b.length, 0);
  if (value.L) return 3 + value.L.reduce((n, v) => n + 1 + valueBytes(v), 0);
  if (value.M) return 3 + Object.entries(value.M).reduce((n, [k, v]) => n + 1 + utf8(k) + valueBytes(v), 0);
  return 0;
}

/** The size in bytes of an item: every attribute's name and value. */
export function itemBytes(item) {
  let bytes = 0;
  for (const [name, value] of Object.entries(item)) bytes += utf8(name) + valueBytes(value);
  return bytes;
}

/** Write units of writing an item this size: one per KB, rounded up, at least one. */
export const writeUnitsOf = (bytes) => Math.max(1, Math.ceil(bytes / 1024));

/**
 * Write units a table write costs again in a global secondary index keyed on `keys` that
 * projects every attribute: none if the item is in the index neither before nor after; its
 * entry put or deleted (by the size of the item written or removed); an entry kept under the
 * same keys rewritten at the larger size; one that moves to other keys deleted and put again.
 * An unknown side (`undefined`) is taken as outside the index.
 */
export function indexWriteUnits(before, after, keys) {
  const inIndex = (item) => item !== undefined && keys.every((k) => item[k] !== undefined);
  const was = inIndex(before);
  const is = inIndex(after);
  if (!was && !is) return 0;
  if (!was) return writeUnitsOf(itemBytes(after));
  if (!is) return writeUnitsOf(itemBytes(before));
  const sameKeys = keys.every((k) => JSON.stringify(before[k]) === JSON.stringify(after[k]));
  if (sameKeys) return writeUnitsOf(Math.max(itemBytes(before), itemBytes(after)));
  return writeUnitsOf(itemBytes(before)) + writeUnitsOf(itemBytes(after));
}
