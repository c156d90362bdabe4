// The build's inputs, hashed: `write` records them in build/ at the end of `npm run build`; `fresh`
// exits 0 when build/ and dist/ were made from the inputs there now, 1 otherwise. test:full builds
// only when they are not fresh: in CI, `npm ci` has just built the same tree (its `prepare`).
// The inputs: every file the build reads from the project, the installed packages (the lock), the
// wasm32-wasi toolchains it compiles the example players with, and the Node major version.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const STAMP = 'build/.inputs.sha256';
const TREES = ['src', 'functions', 'scripts', 'bin', 'docs', 'test/fixtures/wasi-src'];
const FILES = [
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'tsconfig.build.json',
  'wrangler.toml',
  'README.md',
];
const TOOLCHAIN = [
  '/usr/bin/clang',
  '/usr/lib/wasm32-wasi/libc.a',
  '/usr/lib/wasm32-wasi/libc++.a',
  '/usr/bin/rustc',
  '/usr/lib/rustlib/wasm32-wasi',
];

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (entry.isFile()) yield path;
  }
}

function inputsHash() {
  const hash = createHash('sha256');
  const add = (path) => {
    hash.update(`${path}\0`);
    hash.update(readFileSync(path));
  };
  for (const tree of TREES) if (existsSync(tree)) for (const path of files(tree)) add(path);
  for (const path of FILES) if (existsSync(path)) add(path);
  for (const tool of TOOLCHAIN) hash.update(`${tool}:${existsSync(tool) ? statSync(tool).mtimeMs : 'absent'}\0`);
  hash.update(`node ${process.versions.node.split('.')[0]}`);
  return hash.digest('hex');
}

const command = process.argv[2];
if (command === 'write') {
  writeFileSync(STAMP, `${inputsHash()}\n`);
} else if (command === 'fresh') {
  const fresh = existsSync(STAMP) && existsSync('dist') && readFileSync(STAMP, 'utf8').trim() === inputsHash();
  console.log(fresh ? 'build/ and dist/ are up to date with their inputs: not rebuilt' : 'building');
  process.exit(fresh ? 0 : 1);
} else {
  console.error('usage: node scripts/build-stamp.mjs write|fresh');
  process.exit(2);
}
