/**
 * What an app needs to answer requests that reach no storage and play no
 * match (the OpenAPI document, the docs page, refusals): every store and the
 * runner are there, and each rejects, naming `who`, if it is asked anything.
 */
export function unaskedDeps(who) {
  const unasked = new Proxy({}, { get: () => () => Promise.reject(new Error(`${who}: a store was asked`)) });
  const names = ['blobs', 'matches', 'keys', 'bots', 'leaderboards', 'roundJobs', 'ratings', 'deliveries', 'runner'];
  return Object.fromEntries(names.map((name) => [name, unasked]));
}
