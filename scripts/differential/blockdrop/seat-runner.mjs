#!/usr/bin/env node
// One block-drop bot as a stdin/stdout player process for the original engine, run exactly as
// umpire runs it: loaded by umpire's own Node loader from dist/ (same sandbox, same seat seed
// seatSeed(seed, seat)) with the differential's generous budgets, so the original engine and
// umpire play the very same bot code. A development tool: it needs `npm run build`.
//
//   node scripts/differential/blockdrop/seat-runner.mjs --seed N --seat K --record FILE BOT
//
// The handshake is the bot's first call (an empty input); after that every message the engine
// writes, up to its EOD line, is one call. Each answer goes to stdout with its last line ended
// when the bot left it open (as umpire reads it). --record gets one JSON line per call,
// { input, output } (output null when the call failed), written as it goes.
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { parseArgs } from 'node:util';
import { seatSeed } from '../../../dist/match/run-match.js';
import { bundleKindOfFile, botFromBytes } from '../../../dist/match/seats.js';
import { nodeBotLoader } from '../../../dist/sandbox/node-sources.js';
import { DEFAULT_LIMITS } from '../../../dist/sandbox/types.js';
import { GENEROUS } from './budgets.mjs';

const { values, positionals } = parseArgs({
  options: { seed: { type: 'string' }, seat: { type: 'string' }, record: { type: 'string' } },
  allowPositionals: true,
});
if (positionals.length !== 1 || values.seed === undefined || values.seat === undefined || values.record === undefined) {
  process.stderr.write('usage: seat-runner.mjs --seed N --seat K --record FILE BOT\n');
  process.exit(2);
}

const path = positionals[0];
const bytes = readFileSync(path);
const bundle = botFromBytes(bundleKindOfFile(basename(path), bytes), bytes, basename(path));
writeFileSync(values.record, '');
const loaded = await nodeBotLoader(bundle, {
  limits: DEFAULT_LIMITS,
  seed: seatSeed(Number(values.seed), Number(values.seat)),
  loadFuel: GENEROUS.loadFuel,
});
if (!loaded.ok) {
  process.stderr.write(`seat-runner: ${path} did not load: ${loaded.failure.code} ${loaded.failure.message}\n`);
  process.exit(1);
}
const bot = loaded.bot;

/** One call with the first call's fuel, then a turn's, as umpire's match loop gives them. */
async function call(input, first) {
  const r = await bot.act(input, { fuel: first ? GENEROUS.firstTurnFuel : GENEROUS.turnFuel });
  appendFileSync(
    values.record,
    `${JSON.stringify({ input, output: r.output, ...(r.failure ? { failure: r.failure, detail: r.detail ?? null } : {}) })}\n`,
  );
  if (r.output === null) {
    // The differential's bots do not fail; one that does is reported, not papered over.
    process.stderr.write(`seat-runner: ${path} gave no answer (${r.failure}: ${r.detail ?? ''})\n`);
    process.exit(3);
  }
  const text = /[\r\n]$/.test(r.output) ? r.output : `${r.output}\n`;
  await new Promise((done) => process.stdout.write(text, done));
}

await call('', true);
let pending = '';
let first = true;
process.stdin.setEncoding('utf8');
for await (const chunk of process.stdin) {
  pending += chunk;
  for (let end = pending.indexOf('EOD\n'); end >= 0; end = pending.indexOf('EOD\n')) {
    const input = pending.slice(0, end + 4);
    pending = pending.slice(end + 4);
    await call(input, first);
    first = false;
  }
}
bot.dispose();
process.exit(0);
