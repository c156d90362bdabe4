import { readFileSync } from 'node:fs';
import { request } from 'node:http';

/** A process's resident memory, in bytes (Linux: VmRSS of /proc/<pid>/status). */
export const rss = (pid: number): number =>
  Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) * 1024;

const CHUNK = Buffer.alloc(1024 * 1024, 'a');

export interface Flooded {
  /** The answer's status, null if none came within the time given. */
  readonly status: number | null;
  /** Milliseconds from the start of the request to the answer's head. */
  readonly elapsed: number;
  /** Bytes written before the answer came (or the server closed the connection). */
  readonly sent: number;
}

/**
 * Sends `total` bytes (POST unless `method` says otherwise) (one reused 1 MiB chunk, so the sender holds 1 MiB whatever `total` is) as fast
 * as the server takes them, with a Content-Length (`declare`) or chunked. Resolves as soon as the
 * answer's head arrives, while the body may still be being written, or with status null after `ms`.
 * The connection is a kept-alive one, as browsers' are: on a request that says `Connection: close`
 * the server closes the connection as soon as it has answered, and a client still writing its body
 * then may see the connection reset before it reads the answer.
 */
export function flood(
  url: string,
  total: number,
  declare: boolean,
  ms: number,
  contentType = 'multipart/form-data; boundary=x',
  method = 'POST',
): Promise<Flooded> {
  const started = Date.now();
  return new Promise((resolve) => {
    let sent = 0;
    const req = request(url, {
      method,
      // Chunked said outright: Node's client would send a DELETE's body unframed.
      headers: {
        'content-type': contentType,
        ...(declare ? { 'content-length': String(total) } : { 'transfer-encoding': 'chunked' }),
      },
    });
    const done = (status: number | null) => {
      clearTimeout(timer);
      req.destroy();
      resolve({ status, elapsed: Date.now() - started, sent });
    };
    const timer = setTimeout(() => done(null), ms);
    req.on('response', (res) => {
      res.resume();
      done(res.statusCode ?? null);
    });
    // The server closes the connection after refusing: the rest cannot be written.
    req.on('error', () => undefined);
    const write = () => {
      while (sent < total && !req.destroyed) {
        sent += CHUNK.length;
        if (!req.write(CHUNK)) return void req.once('drain', write);
      }
      if (!req.destroyed) req.end();
    };
    write();
  });
}

/** Samples a process's resident memory every `everyMs` until stopped; `stop` gives the highest seen. */
export function sampleRss(pid: number, everyMs = 20): { stop(): number } {
  let peak = rss(pid);
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, rss(pid));
    } catch {
      // the process is gone; the test will say so
    }
  }, everyMs);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(peak, rss(pid));
    },
  };
}
