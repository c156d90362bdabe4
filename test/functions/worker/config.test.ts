import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { BOT_ISOLATE_COMPATIBILITY_DATE } from '../../../src/sandbox/workers.js';

const compatibilityDate = (toml: string) =>
  /^compatibility_date = "(\d{4}-\d{2}-\d{2})"$/m.exec(readFileSync(toml, 'utf8'))?.[1];
/** The Workers runtime wrangler runs locally (its own dependency) is versioned by its release date: 1.YYYYMMDD.N. */
const workerdDate = (() => {
  const fromWrangler = createRequire(createRequire(import.meta.url).resolve('wrangler/package.json'));
  const version = JSON.parse(readFileSync(fromWrangler.resolve('workerd/package.json'), 'utf8')).version as string;
  const [, y, m, d] = /^1\.(\d{4})(\d{2})(\d{2})\./.exec(version)!;
  return `${y}-${m}-${d}`;
})();
const DAY = 86_400_000;

describe('the Workers compatibility date', () => {
  it('is one date for the service, the test Worker and the bots isolates', () => {
    expect(compatibilityDate('wrangler.toml')).toBe(BOT_ISOLATE_COMPATIBILITY_DATE);
    expect(compatibilityDate('test/functions/worker/wrangler.toml')).toBe(BOT_ISOLATE_COMPATIBILITY_DATE);
  });

  it('is current: not after the installed runtime supports, and within 90 days of its release', () => {
    const date = Date.parse(BOT_ISOLATE_COMPATIBILITY_DATE);
    expect(date).toBeLessThanOrEqual(Date.parse(workerdDate));
    expect(Date.parse(workerdDate) - date).toBeLessThan(90 * DAY);
  });
});
