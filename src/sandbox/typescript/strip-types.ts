import { getVersion, transform } from 'sucrase';

/**
 * Turns a TypeScript bot into the JavaScript that runs, with sucrase: types,
 * interfaces and annotations are removed in place (blanks where they were),
 * so every line of the JavaScript is the line of the TypeScript it came
 * from, and an error's place in the running code is its place in the
 * player's file. Types are not checked.
 */

/**
 * The stripper and its version, recorded with every stored TypeScript bot.
 * Asked when a bot is stored, not when this module loads: the CLI loads
 * sucrase only once a TypeScript bot needs it (scripts/bundle-cli.mjs).
 */
export const stripperName = (): string => `sucrase@${getVersion()}`;

/** A TypeScript source that cannot be stripped: its place (1-based) and why. */
export interface StripProblem {
  readonly code: 'TYPESCRIPT_SYNTAX' | 'TYPESCRIPT_UNSUPPORTED';
  readonly message: string;
  readonly line: number;
  readonly column: number;
}

export type Stripped = { readonly javascript: string } | { readonly problem: StripProblem };

/**
 * A `namespace` (or `module`) block with code in it: sucrase drops it as if
 * it were a declaration, so the bot would fail later without saying why.
 */
const NAMESPACE_BLOCK = /^[ \t]*(?:export[ \t]+)?(?:namespace|module)[ \t]+[A-Za-z_$][\w$.]*[ \t]*\{/m;

export function stripTypes(source: string, file: string): Stripped {
  const namespace = NAMESPACE_BLOCK.exec(source);
  if (namespace) {
    const before = source.slice(0, namespace.index);
    return {
      problem: {
        code: 'TYPESCRIPT_UNSUPPORTED',
        message: `${file}: namespaces are not supported (use a module-level object or plain functions)`,
        line: before.split('\n').length,
        column: namespace[0].length - namespace[0].trimStart().length + 1,
      },
    };
  }
  try {
    const out = transform(source, {
      transforms: ['typescript'],
      // Modern syntax is QuickJS's to run as written: only the types are removed.
      disableESTransforms: true,
      filePath: file,
    });
    return { javascript: out.code };
  } catch (e) {
    const loc = (e as { loc?: { line: number; column: number } }).loc;
    const reason = String((e as Error).message ?? e)
      .replace(/^Error transforming [^:]*: /, '')
      .replace(/ \(\d+:\d+\)$/, '');
    const line = loc?.line ?? 1;
    const column = loc?.column ?? 1;
    return {
      problem: {
        code: 'TYPESCRIPT_SYNTAX',
        message: `${file}:${line}:${column}: ${reason.slice(0, 200)}`,
        line,
        column,
      },
    };
  }
}
