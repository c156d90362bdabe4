import { describe, expect, it } from 'vitest';
import { readStoredTypeScript, storedTypeScript } from '../../../src/sandbox/typescript/stored-bundle.js';
import { stripperName, stripTypes } from '../../../src/sandbox/typescript/strip-types.js';

// Stripping TypeScript bots' types: every line stays where it was; syntax errors and namespaces have a place.

const SOURCE = [
  'interface Turn { line: string }',
  'enum Move { Up = "U", Down = "D" }',
  'function first<T>(items: T[]): T | undefined {',
  '  return items[0];',
  '}',
  'export default function act(input: string): string {',
  '  const t: Turn = { line: first<string>(input.split("\\n")) ?? "" };',
  '  return (t.line as string).length > 0 ? Move.Up : Move.Down;',
  '}',
].join('\n');

describe('stripping a TypeScript bot', () => {
  it('removes interfaces, annotations, generics and assertions, keeping every line in place', () => {
    const out = stripTypes(SOURCE, 'bot.ts');
    if (!('javascript' in out)) throw new Error(out.problem.message);
    const lines = out.javascript.split('\n');
    expect(lines).toHaveLength(SOURCE.split('\n').length);
    expect(lines[3]).toBe('  return items[0];');
    expect(lines[5]).toBe('export default function act(input) {');
    expect(out.javascript).not.toMatch(/interface|: string|<T>| as string/);
  });

  it('gives a syntax error its line and column', () => {
    const out = stripTypes('let a = 1;\nlet b: = 2;\n', 'bot.ts');
    expect(out).toEqual({
      problem: { code: 'TYPESCRIPT_SYNTAX', message: 'bot.ts:2:8: Unexpected token', line: 2, column: 8 },
    });
  });

  it('refuses a namespace, which the stripper would drop without a word', () => {
    const out = stripTypes('const a = 1;\n  export namespace N { export const x = 1; }\n', 'bot.ts');
    expect(out).toMatchObject({ problem: { code: 'TYPESCRIPT_UNSUPPORTED', line: 2, column: 3 } });
  });

  it('stores the source, the JavaScript and the stripper, and reads them back', () => {
    const made = storedTypeScript(SOURCE, 'bot.ts');
    if (!('document' in made)) throw new Error(made.problem.message);
    const doc = readStoredTypeScript(made.document);
    expect(doc?.typescript).toBe(SOURCE);
    expect(doc?.stripper).toBe(stripperName());
    expect(stripperName()).toMatch(/^sucrase@\d+\.\d+\.\d+$/);
    expect(doc?.javascript).toBe((stripTypes(SOURCE, 'bot.ts') as { javascript: string }).javascript);
    // A source is never taken for a document.
    expect(readStoredTypeScript(SOURCE)).toBeNull();
    expect(readStoredTypeScript('{"format":"umpire-typescript-1", broken')).toBeNull();
  });
});
