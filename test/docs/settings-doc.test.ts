import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error a doc script in plain JavaScript, without declarations
import { FILE, SETTINGS, settingsTable, withSettingsTable } from '../../scripts/settings-doc.mjs';

/** Every .ts file under `dir`. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

/**
 * The settings a source reads: `env.NAME`, `env?.NAME`, `env['NAME']` (process.env or an entry's
 * env), and, in a file that reads its environment, quoted names with a settings prefix (the readers
 * that take a name: `text('WEBHOOK_LANES')`, LIMIT_VARIABLES).
 */
function settingsRead(text: string): string[] {
  const names = new Set<string>();
  for (const m of text.matchAll(/\benv\??\.([A-Z][A-Z0-9_]*)\b/g)) names.add(m[1]!);
  for (const m of text.matchAll(/\benv\[['"`]([A-Z][A-Z0-9_]*)['"`]\]/g)) names.add(m[1]!);
  if (/\benv\b/.test(text)) {
    for (const m of text.matchAll(/['"`]((?:UMPIRE|WEBHOOKS?|AWS|S3|DYNAMODB|SQS)_[A-Z0-9_]+)['"`]/g)) names.add(m[1]!);
  }
  return [...names];
}

describe('docs/settings.md', () => {
  const files = [...sources('src'), ...sources('functions')];
  const read = new Map<string, string[]>();
  for (const file of files)
    for (const name of settingsRead(readFileSync(file, 'utf8'))) read.set(name, [...(read.get(name) ?? []), file]);
  // Codes that share a settings prefix but are no setting.
  const notSettings = new Set(['WEBHOOK_SETTINGS_INVALID', 'WEBHOOK_URL_INVALID']);
  const listed: string[] = SETTINGS.map((s: { name: string }) => s.name);

  it('lists every setting src/ and functions/ read', () => {
    const missing = [...read.keys()].filter((name) => !listed.includes(name) && !notSettings.has(name));
    expect(missing.map((name) => `${name} (${read.get(name)!.join(', ')})`)).toEqual([]);
  });

  it('lists no setting that nothing reads any more', () => {
    expect(listed.filter((name) => !read.has(name))).toEqual([]);
  });

  it('has the table scripts/settings-doc.mjs makes, each setting once', () => {
    expect(new Set(listed).size).toBe(listed.length);
    const page = readFileSync(FILE, 'utf8');
    expect(withSettingsTable(page, settingsTable())).toBe(page);
  });

  it('finds a setting read in each of the ways the code reads them', () => {
    expect(settingsRead('const a = process.env.FOO_BAR; const b = env?.BAZ;')).toEqual(['FOO_BAR', 'BAZ']);
    expect(settingsRead("count(env, 'WEBHOOK_NEW', 1)")).toEqual(['WEBHOOK_NEW']);
    expect(settingsRead("const code = 'UMPIRE_X';")).toEqual([]);
    expect(settingsTable([...SETTINGS, { name: 'NEW', where: 'node', default: '1', text: 'a | pipe' }])).toContain(
      '| `NEW` | node | 1 | a \\| pipe |',
    );
  });
});
