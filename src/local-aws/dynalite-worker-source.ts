/**
 * The code of the worker thread that runs dynalite (plain JavaScript, evaluated by
 * `new Worker(code, { eval: true })`, so that it needs no file of its own in any build).
 *
 * dynalite throws from its callbacks and leaves stream 'error' events unheard when its
 * LevelDB files are corrupt: in a worker, such a throw ends the worker, never the process.
 * It first opens the database itself, to report a folder that cannot be opened at all
 * clearly; then it serves the requests the main thread posts (already signature-checked)
 * through dynalite's own request handler, with no socket at all.
 *
 * workerData: { dynalite: absolute path of dynalite's main file, path: the data folder }.
 * Messages in: { type: 'request', id, method, url, headers, body }.
 * Messages out: { type: 'ready' } | { type: 'open-failed', message } | { type: 'broken', message }
 *   | { type: 'response', id, status, headers, body }.
 */
export const DYNALITE_WORKER_SOURCE = String.raw`
'use strict';
// Only dynamic import() here: the same text runs as a CommonJS script or, when the parent
// runs with --input-type=module (inherited by eval workers), as an ES module.
let parentPort, workerData, EventEmitter, fromDynalite;

const describe = (e) => {
  const parts = [];
  for (let x = e; x && parts.length < 4; x = x.cause) parts.push(String(x.message || x));
  return parts.join(': ');
};

async function main() {
  ({ parentPort, workerData } = await import('node:worker_threads'));
  ({ EventEmitter } = await import('node:events'));
  const { createRequire } = await import('node:module');
  fromDynalite = createRequire(workerData.dynalite);
  const { Level } = fromDynalite('level');
  const probe = new Level(workerData.path, { valueEncoding: 'json' });
  try {
    await probe.open();
  } catch (e) {
    parentPort.postMessage({ type: 'open-failed', message: describe(e) });
    return;
  }
  await probe.close();
  const dynalite = fromDynalite(workerData.dynalite);
  const server = dynalite({ path: workerData.path, createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
  const handle = server.listeners('request')[0];
  parentPort.on('message', (m) => {
    if (m && m.type === 'request') serve(handle, m);
  });
  parentPort.postMessage({ type: 'ready' });
}

function serve(handle, m) {
  let done = false;
  const headers = {};
  const reply = (status, body) => {
    if (done) return;
    done = true;
    parentPort.postMessage({ type: 'response', id: m.id, status, headers, body });
  };
  const req = new EventEmitter();
  Object.assign(req, { method: m.method, url: m.url, headers: m.headers });
  const res = {
    statusCode: 200,
    setHeader(name, value) { headers[String(name).toLowerCase()] = String(value); },
    getHeader(name) { return headers[String(name).toLowerCase()]; },
    removeHeader(name) { delete headers[String(name).toLowerCase()]; },
    end(body) { reply(res.statusCode, body == null ? '' : String(body)); },
  };
  try {
    handle(req, res);
    const body = Buffer.from(m.body);
    if (body.length > 0) req.emit('data', body);
    req.emit('end');
  } catch (e) {
    headers['content-type'] = 'application/x-amz-json-1.0';
    reply(500, JSON.stringify({ __type: 'com.amazonaws.dynamodb.v20120810#InternalServerError', message: 'the database failed: ' + describe(e) }));
    // A database that went away under dynalite does not come back by itself.
    if (e && e.code === 'LEVEL_DATABASE_NOT_OPEN') parentPort.postMessage({ type: 'broken', message: describe(e) });
  }
}

main().catch(async (e) => (await import('node:worker_threads')).parentPort.postMessage({ type: 'open-failed', message: describe(e) }));
`;
