// `node --import ./test/cli/record-modules.mjs ...`: appends to $UMPIRE_MODULES_FILE every module
// the process loads: ES modules as the loader resolves them (in every thread), and at exit the
// CommonJS modules left in require's cache.
import { appendFileSync } from 'node:fs';
import module, { register } from 'node:module';

const file = process.env.UMPIRE_MODULES_FILE;
if (file) {
  register('./record-modules-hooks.mjs', import.meta.url, { data: { file } });
  process.on('exit', () => {
    const cjs = Object.keys(module._cache ?? {});
    if (cjs.length > 0) appendFileSync(file, cjs.map((path) => `file://${path}`).join('\n') + '\n');
  });
}
