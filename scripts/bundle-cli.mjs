// Build step: the `umpire` command as one ES module bundle per subcommand (dist/bin/), so a
// command starts without resolving hundreds of files. The packages only the server-side
// subcommands use (the AWS SDK, ratings, the API, storage servers, binaryen) stay external:
// they load from node_modules when such a subcommand runs, and a test can see that
// `umpire match` never loads them (test/cli/loaded-modules.test.ts).
import { build } from 'esbuild';
import { readFileSync, rmSync } from 'node:fs';

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
  logLevel: 'warning',
});
console.log('dist/bin/umpire.js, dist/bin/match-worker.js');
