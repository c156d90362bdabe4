// Build step: the `umpire` command as one ES module bundle per subcommand (dist/bin/), so a
// command starts without resolving hundreds of files. The packages only the server-side
// subcommands use (the AWS SDK, ratings, the API, storage servers, binaryen) stay external:
// they load from node_modules when such a subcommand runs, and a test can see that
// `umpire match` never loads them (test/cli/loaded-modules.test.ts).
import { build } from 'esbuild';
import { readFileSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';

/** The only packages inlined: what every match needs. */
const INLINED = new Set([
  'zod',
  'quickjs-emscripten-core',
  '@jitl/quickjs-wasmfile-release-sync',
  '@jitl/quickjs-ffi-types',
]);
const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
const external = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies })
  .filter((name) => !INLINED.has(name))
  .flatMap((name) => [name, `${name}/*`]);

/**
 * sucrase (TypeScript bots only) loads on first use, not with the command: it is
 * some 60 CommonJS files, a third of `umpire match`'s start-up with JavaScript bots.
 * The CLI runs only in Node, where a module can be required when it is needed.
 */
const lazySucrase = {
  name: 'lazy-sucrase',
  setup(b) {
    b.onResolve({ filter: /^sucrase$/ }, () => ({ path: 'sucrase', namespace: 'lazy-sucrase' }));
    b.onLoad({ filter: /.*/, namespace: 'lazy-sucrase' }, () => ({
      contents: [
        "import { createRequire } from 'node:module';",
        'let loaded;',
        "const sucrase = () => (loaded ??= createRequire(import.meta.url)('sucrase'));",
        'export const transform = (...args) => sucrase().transform(...args);',
        'export const getVersion = () => sucrase().getVersion();',
      ].join('\n'),
      loader: 'js',
    }));
  },
};

/**
 * zod's translations of its messages (z.locales: half of the zod inlined, some 370 KB
 * of source read and compiled at every start) are left out: umpire keeps zod's default,
 * English, which zod imports on its own.
 */
const englishOnlyZod = {
  name: 'english-only-zod',
  setup(b) {
    b.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      /[\\/]zod[\\/]/.test(args.importer) ? { path: args.importer, namespace: 'zod-english' } : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'zod-english' }, (args) => ({
      contents: "export { default as en } from '../locales/en.js';",
      resolveDir: dirname(args.path),
      loader: 'js',
    }));
  },
};

rmSync('dist/bin', { recursive: true, force: true });
await build({
  // The match worker is the tournament's (its pool); it is a sibling of the chunks it shares.
  entryPoints: { umpire: 'src/cli/run.ts', 'match-worker': 'src/match/pool/match-worker.ts' },
  // Two levels below the root, like src/ and dist/functions/: paths to build/ resolve the same.
  outdir: 'dist/bin',
  bundle: true,
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  external: [...external, '@aws-sdk/*', '@smithy/*'],
  plugins: [lazySucrase, englishOnlyZod],
  logLevel: 'warning',
});
console.log('dist/bin/umpire.js, dist/bin/match-worker.js');
