import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Vitest global setup: every temporary file of a run (tests' own folders, servers' data folders,
 * child processes' files) goes under one folder, removed when the run ends, so runs leave nothing
 * behind in the machine's temporary folder. Node's tmpdir() reads TMPDIR on each call, and the
 * test workers and their child processes inherit it. Each project of the config runs this setup;
 * the first one makes the folder.
 */
export default function setup(): () => void {
  if (process.env.UMPIRE_TEST_TMPDIR) return () => {};
  const root = mkdtempSync(join(tmpdir(), 'umpire-tests-'));
  process.env.UMPIRE_TEST_TMPDIR = root;
  process.env.TMPDIR = root;
  return () => rmSync(root, { recursive: true, force: true, maxRetries: 3 });
}
