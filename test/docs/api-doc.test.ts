import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../src/api/app.js';
// @ts-expect-error a doc script in plain JavaScript, without declarations
import { apiPage, endpointsTable, ERRORS, FILE, openApiOf } from '../../scripts/api-doc.mjs';

/** Every .ts file under `dir`. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

type Thrown = { code: string; statuses: number[]; file: string };

/**
 * The error codes a source throws: `new ApiProblem(status, 'CODE'`, `new InputError(status, { code:
 * 'CODE'` (a status or code may be a choice: `a ? 400 : 422`), `new UmpireError({ code: 'CODE'`,
 * `new StoreError('CODE'`, and a Problem made `as const` (`{ code: 'CODE' as const, ... }`).
 */
function codesThrown(text: string, file: string): Thrown[] {
  const found: Thrown[] = [];
  for (const m of text.matchAll(/new ApiProblem\(\s*(\d{3}),\s*'([A-Z_]+)'/g))
    found.push({ code: m[2]!, statuses: [Number(m[1])], file });
  for (const m of text.matchAll(/new InputError(?:<[^>]*>)?\(([^{]*)\{\s*code:([^,]*),/g)) {
    const statuses = [...m[1]!.matchAll(/\b\d{3}\b/g)].map((s) => Number(s[0]));
    for (const c of m[2]!.matchAll(/'([A-Z_]+)'/g)) found.push({ code: c[1]!, statuses, file });
  }
  for (const m of text.matchAll(/new (?:UmpireError|StoreError)\(\{?\s*(?:code:\s*)?'([A-Z_]+)'/g))
    found.push({ code: m[1]!, statuses: [], file });
  for (const m of text.matchAll(/code:\s*'([A-Z_]+)' as const/g)) found.push({ code: m[1]!, statuses: [], file });
  return found;
}

/** Codes that never reach the API: the CLI's own (its usage, its files) and the local storage's. */
const NOT_API = new Set(['USAGE', 'REPLAY_INVALID', 'LOCAL_STORAGE_ACCESS']);

describe('docs/api.md', () => {
  const thrown = sources('src').flatMap((file) => codesThrown(readFileSync(file, 'utf8'), file));
  const documented = new Map<string, number[]>(
    ERRORS.map((e: { code: string; status: number[] }) => [e.code, e.status]),
  );

  it('has the endpoints of the app’s OpenAPI document and the error codes of scripts/api-doc.mjs', async () => {
    const page = readFileSync(FILE, 'utf8');
    expect(apiPage(page, await openApiOf(createApp))).toBe(page);
  });

  it('documents every error code src/ throws, with its status', () => {
    const problems = thrown
      .filter((t) => !NOT_API.has(t.code) && !(t.code === 'BUNDLE_INVALID' && t.file.startsWith('src/cli/')))
      .flatMap((t) => {
        const statuses = documented.get(t.code);
        if (!statuses) return [`${t.code} (${t.file}) is not in scripts/api-doc.mjs`];
        // A choice (`a ? 400 : 422` with `a ? 'ONE' : 'TWO'`) pairs its statuses and codes: one of them is the code's.
        const ok =
          t.statuses.length > 1
            ? t.statuses.some((s) => statuses.includes(s))
            : t.statuses.every((s) => statuses.includes(s));
        return ok ? [] : [`${t.code} ${t.statuses.join(' or ')} (${t.file}) is documented as ${statuses.join(', ')}`];
      });
    expect([...new Set(problems)]).toEqual([]);
  });

  it('documents no code that src/ no longer has', () => {
    const all = sources('src')
      .map((file) => readFileSync(file, 'utf8'))
      .join('\n');
    expect([...documented.keys()].filter((code) => !all.includes(`'${code}'`))).toEqual([]);
  });

  it('finds codes thrown in each of the ways the code throws them', () => {
    const text =
      "throw new ApiProblem(418, 'TEAPOT', 'x'); new InputError(a ? 400 : 422, {\n code: a ? 'ONE' : 'TWO',\n message: 'x' }); new StoreError('GONE', 'x')";
    expect(codesThrown(text, 'f').map((t) => `${t.code}:${t.statuses.join('/')}`)).toEqual([
      'TEAPOT:418',
      'ONE:400/422',
      'TWO:400/422',
      'GONE:',
    ]);
    const doc = {
      paths: {
        '/x': {
          get: { summary: 'A | b', responses: { '200': {} } },
          post: { summary: 'P', security: [{ apiKey: [] }], responses: { '201': {}, '401': {} } },
        },
      },
    };
    expect(endpointsTable(doc)).toContain('| `GET /x` | A \\| b | no | 200 |');
    expect(endpointsTable(doc)).toContain('| `POST /x` | P | yes | 201, 401 |');
  });
});
