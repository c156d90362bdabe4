// Python bot figures (issue 18): MicroPython in the metered sandbox.
import { readFileSync } from 'node:fs';
import { DEFAULT_MAP, ruleSet } from '../dist/games/icy/index.js';
import { icyGame } from '../dist/games/icy/game.js';
import { runMatch } from '../dist/match/run-match.js';
import { nodeBotLoader } from '../dist/sandbox/node-sources.js';
import { budget, ctx, perCall, view, WARM_CALL } from './sandbox.mjs';

const rules = ruleSet('queue2011');

async function load(code) {
  const loaded = await nodeBotLoader({ kind: 'py', code }, ctx);
  if (!loaded.ok) throw new Error(`the Python bot did not load: ${loaded.failure.code}: ${loaded.failure.message}`);
  return loaded.bot;
}

export async function run(report) {
  const trivial = await load('def act(s):\n    return s[:1]\n');
  const check = await trivial.act(view, budget);
  if (check.output !== view.slice(0, 1)) throw new Error(`the trivial Python bot answered ${JSON.stringify(check)}`);
  report(
    `python: one call to a trivial Python bot (MicroPython, ${(view.length / 1024).toFixed(1)} KB input)`,
    await perCall(trivial, WARM_CALL),
    'us',
    '<= 10',
  );
  trivial.dispose();

  // A classic program (issue 27): suspended with JSPI where it reads, resumed with each turn's text.
  const lines = view.split('\n').length - 1;
  const program = await load(
    `while True:\n    for _ in range(${lines}):\n        line = input()\n    print(line[:1])\n`,
  );
  const answer = await program.act(view, budget);
  if (answer.output !== `${view.split('\n')[lines - 1].slice(0, 1)}\n`)
    throw new Error(`the trivial Python program answered ${JSON.stringify(answer)}`);
  report(
    `python: one turn of a trivial stdin program (reads the ${(view.length / 1024).toFixed(1)} KB input line by line)`,
    await perCall(program),
    'us',
  );
  program.dispose();

  const hunter = { kind: 'py', code: readFileSync('src/games/icy/bots/hunter.py', 'utf8'), name: 'hunter.py' };
  const options = { rules, map: DEFAULT_MAP };
  const match = () => runMatch({ game: icyGame, options, seed: 1, bots: [hunter, hunter], load: nodeBotLoader });
  const first = await match();
  if (first.result.turns !== 180) throw new Error(`the Python hunters' match ended after ${first.result.turns} turns`);
  const n = 3;
  const start = performance.now();
  for (let i = 0; i < n; i++) await match();
  report(
    'match: two Python hunters (Icy), 180 turns in-process (loading included)',
    (performance.now() - start) / n,
    'ms',
  );

  const classic = { kind: 'py', code: readFileSync('src/games/icy/bots/classic.py', 'utf8'), name: 'classic.py' };
  const classicMatch = () =>
    runMatch({ game: icyGame, options, seed: 1, bots: [classic, hunter], load: nodeBotLoader });
  await classicMatch();
  const classicStart = performance.now();
  for (let i = 0; i < n; i++) await classicMatch();
  report(
    'match: the classic Python player against the Python hunter (Icy), 180 turns in-process',
    (performance.now() - classicStart) / n,
    'ms',
  );
}
