import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// `umpire match` and `umpire verify-turns` load only what they use: no AWS SDK, no ratings, no API.
const FORBIDDEN = /\/node_modules\/(@aws-sdk|@smithy|openskill|hono|@hono)\//;

/** Runs `umpire ARGS` as a process with every loaded module recorded; its exit code, output and the module URLs. */
function loadedBy(args: string[]): { status: number | null; stdout: string; stderr: string; modules: string[] } {
  const file = join(mkdtempSync(join(tmpdir(), 'umpire-modules-')), 'modules.txt');
  const run = spawnSync(process.execPath, ['--import', './test/cli/record-modules.mjs', 'bin/umpire.mjs', ...args], {
    encoding: 'utf8',
    env: { ...process.env, UMPIRE_MODULES_FILE: file },
    timeout: 60_000,
  });
  const modules = [...new Set(readFileSync(file, 'utf8').split('\n').filter(Boolean))];
  return { status: run.status, stdout: run.stdout, stderr: run.stderr, modules };
}

describe('the modules a CLI subcommand loads', () => {
  it('umpire match plays a whole match without the AWS SDK, openskill or hono', () => {
    const r = loadedBy(['match', '--red', 'src/games/icy/bots/idle.js', '--blue', 'src/games/icy/bots/idle.js']);
    expect(r.status, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ winner: 'draw', turns: 180 });
    // The recorder saw the command's own bundle and the sandbox's CommonJS glue.
    expect(r.modules.some((m) => m.endsWith('/dist/bin/umpire.js'))).toBe(true);
    expect(r.modules.filter((m) => FORBIDDEN.test(m))).toEqual([]);
    // TypeScript's stripper is for TypeScript bots only.
    expect(r.modules.filter((m) => m.includes('/node_modules/sucrase/'))).toEqual([]);
  }, 60_000);

  it('umpire match loads the TypeScript stripper when a bot is TypeScript, and plays it', () => {
    const r = loadedBy(['match', '--red', 'src/games/icy/bots/first.ts', '--blue', 'src/games/icy/bots/idle.js']);
    expect(r.status, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ turns: 180, forfeit: null });
    expect(r.modules.some((m) => m.includes('/node_modules/sucrase/'))).toBe(true);
  }, 60_000);

  it('umpire verify-turns checks a recorded game without them either', () => {
    const r = loadedBy(['verify-turns', 'test/fixtures/icy-queue2011/c00_default_cc.turns.gz']);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/: ok \(\d+ states\)/);
    expect(r.modules.filter((m) => FORBIDDEN.test(m))).toEqual([]);
  }, 60_000);

  it('would see them: umpire tournament loads the AWS SDK and openskill', () => {
    const r = loadedBy(['tournament']);
    expect(r.status).toBe(2);
    expect(r.modules.some((m) => m.includes('/node_modules/@aws-sdk/'))).toBe(true);
    expect(r.modules.some((m) => m.includes('/node_modules/openskill/'))).toBe(true);
  }, 60_000);
});
