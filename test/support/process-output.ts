import type { ChildProcess } from 'node:child_process';

/** Resolves once the child prints `text` (stdout or stderr); rejects if it exits or takes too long. */
export function waitForOutput(child: ChildProcess, text: string, timeoutMs: number, what: string): Promise<void> {
  let output = '';
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} did not start:\n${output}`)), timeoutMs);
    const watch = (chunk: Buffer) => {
      output += chunk;
      if (output.includes(text)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', watch);
    child.stderr?.on('data', watch);
    child.once('exit', (code) => reject(new Error(`${what} exited (${code}):\n${output}`)));
  });
}
