/**
 * The compatibility layer: modules written in Python (compat/*.py, embedded
 * in sources.ts by scripts/python-compat.mjs) for what MicroPython lacks.
 * A module that extends one of MicroPython's (`extends`) is served in its
 * place only to a bot whose source names one of the names it adds, so a bot
 * that never uses them runs on MicroPython's own module exactly as before.
 */
import { COMPAT_SOURCES } from './sources.js';

export interface CompatModule {
  readonly name: string;
  /** MicroPython's module it extends (handed to it as `_base`). */
  readonly extends?: string;
  /** The names it adds to that module, any of which in a bot's source brings it in. */
  readonly adds?: readonly string[];
  /** Modules of the layer it imports. */
  readonly uses?: readonly string[];
  /** It reads the class layouts of the bot's source (class-layout.ts). */
  readonly layout?: boolean;
}

export const COMPAT_MODULES: readonly CompatModule[] = [
  { name: 'sys' },
  { name: 'string' },
  { name: 'typing' },
  { name: 'copy' },
  { name: 'itertools' },
  { name: 'functools' },
  { name: 'enum', layout: true },
  { name: 'dataclasses', layout: true },
  { name: 'queue', uses: ['collections', 'heapq'] },
  { name: 'collections', extends: 'collections', adds: ['Counter'] },
  {
    name: 'random',
    extends: 'random',
    adds: ['Random', 'shuffle', 'sample', 'choices', 'gauss'],
  },
  { name: 'math', extends: 'math', adds: ['hypot', 'dist', 'prod', 'isqrt', 'comb', 'perm'] },
  { name: 'heapq', extends: 'heapq', adds: ['nsmallest', 'nlargest', 'heappushpop', 'heapreplace', 'merge'] },
];

export const compatSource = (name: string): string => {
  const source = COMPAT_SOURCES[name];
  if (source === undefined) throw new Error(`no compatibility module ${name}`);
  return source;
};

const mentions = (code: string, word: string): boolean => new RegExp(`\\b${word}\\b`).test(code);

/**
 * The layer's modules a bot gets: each its source names (an extending one
 * only with a name it adds), those they use, and `sys` for a stdin program
 * (its `input` and streams are the program's).
 */
export function compatFor(code: string, stdinProgram: boolean): CompatModule[] {
  const wanted = new Set<string>();
  const add = (m: CompatModule) => {
    if (wanted.has(m.name)) return;
    wanted.add(m.name);
    for (const used of m.uses ?? []) {
      const dep = COMPAT_MODULES.find((c) => c.name === used);
      if (dep && (!dep.extends || dep.adds?.some((n) => mentions(code, n)))) add(dep);
    }
  };
  for (const m of COMPAT_MODULES) {
    if (!mentions(code, m.name)) continue;
    if (m.extends && !m.adds?.some((n) => mentions(code, n))) continue;
    add(m);
  }
  if (stdinProgram || mentions(code, 'input') || mentions(code, 'flush')) add(COMPAT_MODULES[0]!);
  return COMPAT_MODULES.filter((m) => wanted.has(m.name));
}
