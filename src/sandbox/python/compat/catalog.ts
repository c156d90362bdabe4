/**
 * The compatibility layer: modules written in Python (compat/*.py, embedded
 * in build/python-compat.js by the build: scripts/generated/python-compat.mjs) for what MicroPython lacks.
 * A module that extends one of MicroPython's (`extends`) is served in its
 * place only to a bot whose source uses one of the names it adds, so a bot
 * that never uses them runs on MicroPython's own module exactly as before.
 */
import COMPAT_SOURCES from '../../../../build/python-compat.js';

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

/** The names a module is known by in the source: its own where an import statement names it, and each `as` alias. */
function importedAs(code: string, module: string): string[] {
  const names: string[] = [];
  const plain = new RegExp(`^[ \\t]*(?:from[ \\t]+${module}[ \\t]+import\\b|import[ \\t][^#\\n]*\\b${module}\\b)`, 'm');
  if (plain.test(code)) names.push(module);
  for (const m of code.matchAll(new RegExp(`\\b${module}[ \\t]+as[ \\t]+([A-Za-z_]\\w*)`, 'g'))) names.push(m[1]!);
  return names;
}

/** Whether the source uses a name a module adds: `module.name` (or through an alias), or `from module import ... name`. */
function usesAddition(code: string, module: string, aliases: readonly string[], adds: readonly string[]): boolean {
  const added = adds.join('|');
  if (aliases.some((alias) => new RegExp(`\\b${alias}\\.(?:${added})\\b`).test(code))) return true;
  return new RegExp(`^[ \\t]*from[ \\t]+${module}[ \\t]+import\\b[^#\\n]*\\b(?:${added}|\\*)`, 'm').test(code);
}

/**
 * The layer's modules a bot gets: each its source imports (one that extends
 * MicroPython's only where the source uses a name it adds, as
 * `module.name` or imported by name), those they use, and `sys` for a
 * stdin program (its `input` and streams are the program's). A bot that
 * imports none gets the prelude it always had, so it runs as before.
 */
export function compatFor(code: string, stdinProgram: boolean): CompatModule[] {
  const wanted = new Set<string>();
  const add = (m: CompatModule) => {
    if (wanted.has(m.name)) return;
    wanted.add(m.name);
    for (const used of m.uses ?? []) {
      const dep = COMPAT_MODULES.find((c) => c.name === used);
      if (dep && (!dep.extends || usesAddition(code, dep.name, importedAs(code, dep.name), dep.adds ?? []))) add(dep);
    }
  };
  for (const m of COMPAT_MODULES) {
    const aliases = importedAs(code, m.name);
    if (aliases.length === 0) continue;
    if (m.extends && !usesAddition(code, m.name, aliases, m.adds ?? [])) continue;
    add(m);
  }
  if (stdinProgram) add(COMPAT_MODULES[0]!);
  return COMPAT_MODULES.filter((m) => wanted.has(m.name));
}
