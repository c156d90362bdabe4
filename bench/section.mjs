// One benchmark section in a process of its own (bench/run.mjs starts one per section):
// `node bench/section.mjs sandbox` runs bench/sandbox.mjs's `run`.
import { report } from './report.mjs';

const name = process.argv[2];
if (!name || !/^[a-z-]+$/.test(name)) {
  console.error('usage: node bench/section.mjs NAME (a file bench/NAME.mjs with a run export)');
  process.exit(2);
}
const { run } = await import(`./${name}.mjs`);
await run(report);
