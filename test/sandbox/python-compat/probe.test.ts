import { execFileSync, spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { nodeBotLoader } from '../../../src/sandbox/node-sources.js';
import { DEFAULT_LIMITS } from '../../../src/sandbox/types.js';
import { CASES, STDIN } from './cases.mjs';

/**
 * The compatibility layer's probe: each case runs as a stdin program in the
 * sandbox (its first turn's text is STDIN, its answer what it printed) and,
 * unless marked sandbox-only, under CPython with the same stdin; the printed
 * output must be the same.
 */

const hasCPython = spawnSync('python3', ['--version']).status === 0;

async function inSandbox(code: string): Promise<string> {
  const loaded = await nodeBotLoader(
    { kind: 'py', code },
    { limits: { ...DEFAULT_LIMITS, outputChars: 100_000 }, seed: 1, loadFuel: 1e10 },
  );
  if (!loaded.ok) throw new Error(`${loaded.failure.code}: ${loaded.failure.message}`);
  const r = await loaded.bot.act(STDIN, { fuel: 1e10 });
  loaded.bot.dispose();
  if (r.failure) throw new Error(`${r.failure}: ${r.detail}\n${loaded.bot.log()}`);
  return r.output!;
}

const inCPython = (code: string): string =>
  execFileSync('python3', ['-c', code], { input: STDIN, encoding: 'utf8', stdio: ['pipe', 'pipe', 'ignore'] });

describe('the Python compatibility layer against CPython', () => {
  for (const c of CASES) {
    const title = `${c.module}: ${c.names.join(', ')}`;
    if (c.cpython === false) {
      it(`${title} (sandbox only: ${c.why})`, async () => {
        const out = await inSandbox(c.code);
        expect(out).not.toMatch(/False/);
        expect(out.trim().length).toBeGreaterThan(0);
      });
      continue;
    }
    it.skipIf(!hasCPython)(`${title}${hasCPython ? '' : ' (skipped: no python3 on this machine)'}`, async () => {
      expect(await inSandbox(c.code)).toBe(inCPython(c.code));
    });
  }
});
