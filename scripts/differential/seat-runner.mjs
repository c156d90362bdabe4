#!/usr/bin/env node
// Runs one bot, exactly as umpire runs it, as a stdin/stdout player process for an original
// engine: the original engine writes a turn's input, this process hands it to the bot through
// umpire's own Node loader (same sandbox, same seat seed, same budgets) and writes back the
// answer. So the original engine and umpire play the very same bot code. A development tool:
// it needs `npm run build` (it loads dist/).
//
//   node scripts/differential/seat-runner.mjs --game icy --seed N --seat K [--record FILE] BOT
//
// --record writes, at the end, JSON { inputs, answers }: every input the engine sent and every
// answer the bot gave, in order.
import { readFileSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { defaultBudgetsOf } from '../../dist/match/budgets.js';
import { seatSeed } from '../../dist/match/run-match.js';
import { bundleKindOfFile, botFromBytes } from '../../dist/match/seats.js';
import { nodeBotLoader } from '../../dist/sandbox/node-sources.js';
import { DEFAULT_LIMITS } from '../../dist/sandbox/types.js';

/**
 * How each game's original cuts its output into the bot's calls: `lines(first)` is the number
 * of lines of a message that starts with `first`; `end(first)` says whether it is the end marker.
 */
const FRAMING = {
  // A turn: its number, the score line, 31 rows of the field, 8 children. Then `-1` at the end.
  icy: { lines: () => 41, end: (first) => first.trim() === '-1', idle: 'idle\nidle\nidle\nidle\n' },
};

const { values, positionals } = parseArgs({
  options: {
    game: { type: 'string', default: 'icy' },
    seed: { type: 'string' },
    seat: { type: 'string' },
    record: { type: 'string' },
  },
  allowPositionals: true,
});
const framing = FRAMING[values.game];
if (!framing || positionals.length !== 1 || values.seed === undefined || values.seat === undefined) {
  process.stderr.write(
    `usage: seat-runner.mjs --game ${Object.keys(FRAMING).join('|')} --seed N --seat K [--record FILE] BOT\n`,
  );
  process.exit(2);
}

const path = positionals[0];
const bytes = readFileSync(path);
const bundle = botFromBytes(bundleKindOfFile(basename(path), bytes), bytes, basename(path));
const budgets = defaultBudgetsOf(values.game);
const loaded = await nodeBotLoader(bundle, {
  limits: DEFAULT_LIMITS,
  seed: seatSeed(Number(values.seed), Number(values.seat)),
  loadFuel: budgets.loadFuel,
});
if (!loaded.ok) {
  process.stderr.write(`seat-runner: ${path} did not load: ${loaded.failure.code} ${loaded.failure.message}\n`);
  process.exit(1);
}
const bot = loaded.bot;
const inputs = [];
const answers = [];
let bank = budgets.timeBankFuel;

/** One call as umpire's match loop makes it: the first turn's fuel, then a turn's plus the bank. */
async function call(input) {
  const allowance = answers.length === 0 ? budgets.firstTurnFuel : budgets.turnFuel;
  const r = await bot.act(input, { fuel: allowance + bank });
  bank -= Math.max(0, Math.min(bank, r.fuel - allowance));
  return r;
}

const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
let message = [];
for await (const line of lines) {
  if (message.length === 0 && line.trim() === '') continue;
  message.push(line);
  if (message.length === 1 && framing.end(line)) {
    // The end marker goes to stdin/stdout players, as umpire sends it; the answer is not used.
    if (bot.stdio) await bot.act(`${line}\n`, { fuel: budgets.turnFuel });
    break;
  }
  if (message.length < framing.lines(message[0])) continue;
  const input = `${message.join('\n')}\n`;
  message = [];
  const r = await call(input);
  inputs.push(input);
  answers.push(r.output);
  // umpire idles every child of a bot that gives no answer; the original reads the same from this.
  const text = r.output === null ? framing.idle : r.output.endsWith('\n') ? r.output : `${r.output}\n`;
  process.stdout.write(text);
}
bot.dispose();
if (values.record) writeFileSync(values.record, JSON.stringify({ inputs, answers }));
process.exit(0);
