// `npm run bench`: every benchmark of the project, one line per figure; `npm run bench -- api sandbox`
// runs only the sections named. Figures are wall-clock on this machine; run on an otherwise idle machine.
// Each section runs in a Node process of its own: one left in the same process after the others
// inherited their heap (an idle match took 11 ms there against 6 ms alone, on the same machine).
import { spawnSync } from 'node:child_process';
import os from 'node:os';

/** The sections, in the order they run: each a file bench/NAME.mjs with a `run(report)` export. */
const SECTIONS = [
  'cli-start',
  'tournament',
  'icy-engine',
  'ants-engine',
  'capture-engine',
  'games',
  'sandbox',
  'python',
  'api',
  'wasi-upload',
  'viewers',
  'requests',
  'cost-inputs',
];

const asked = process.argv.slice(2);
const unknown = asked.filter((name) => !SECTIONS.includes(name));
if (unknown.length > 0) {
  console.error(`unknown section ${unknown.join(', ')}; the sections: ${SECTIONS.join(', ')}`);
  process.exit(2);
}
const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
console.log(`umpire benchmarks: node ${process.version}, ${os.cpus().length} x ${cpu}, single thread`);
console.log('reproduce with: npm run bench');
let failed = 0;
for (const name of asked.length > 0 ? asked : SECTIONS) {
  const r = spawnSync(process.execPath, ['bench/section.mjs', name], { stdio: 'inherit' });
  if (r.status !== 0) {
    console.error(`bench section ${name} failed (exit ${r.status ?? r.signal})`);
    failed++;
  }
}
process.exitCode = failed > 0 ? 1 : 0;
