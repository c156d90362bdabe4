// `npm run bench`: every benchmark of the project, one line per figure.
// Figures are wall-clock on this machine; run on an otherwise idle machine.
import os from 'node:os';
import { run as icyEngine } from './icy-engine.mjs';
import { run as sandbox } from './sandbox.mjs';
import { run as api } from './api.mjs';
import { run as antsEngine } from './ants-engine.mjs';
import { run as captureEngine } from './capture-engine.mjs';
import { run as games } from './games.mjs';
import { run as cliStart } from './cli-start.mjs';
import { run as tournament } from './tournament.mjs';
import { run as python } from './python.mjs';
import { run as wasiUpload } from './wasi-upload.mjs';
import { run as viewers } from './viewers.mjs';
import { run as requests } from './requests.mjs';
import { run as costInputs } from './cost-inputs.mjs';

const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
console.log(`umpire benchmarks: node ${process.version}, ${os.cpus().length} x ${cpu}, single thread`);
console.log('reproduce with: npm run bench');
const report = (label, value, unit, goal) => {
  const shown = value >= 100 ? value.toFixed(0) : value.toFixed(1);
  console.log(`  ${label}: ${shown} ${unit}${goal ? `  (goal ${goal})` : ''}`);
};
cliStart(report);
tournament(report);
icyEngine(report);
antsEngine(report);
captureEngine(report);
await games(report);
await sandbox(report);
await python(report);
await api(report);
await wasiUpload(report);
await viewers(report);
await requests(report);
await costInputs(report);
