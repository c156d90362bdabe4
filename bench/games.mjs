// Every registered game: one full match of its first example bots, in-process, as the CLI plays it.
import { GAMES } from '../dist/games/catalog.js';
import { runCli } from '../dist/cli/main.js';

/** The command line of a game's match from its usage: the required options, files replaced by its example bots. */
export function exampleArgv(game) {
  const required = game.cli.usage.replace(/^umpire match/, '').replace(/\[[^\]]*\]/g, ' ').trim().split(/\s+/).filter(Boolean);
  const bots = [...game.exampleBots];
  const argv = ['match'];
  for (let i = 0; i < required.length; i++) {
    const token = required[i];
    if (!token.startsWith('--')) continue;
    const next = required[i + 1];
    if (token === '--game') argv.push('--game', game.id);
    else if (next !== undefined && !next.startsWith('--')) argv.push(token, bots.shift() ?? game.exampleBots[0]);
    else argv.push(token);
  }
  if (!argv.includes('--game')) argv.push('--game', game.id);
  return argv;
}

export async function run(report) {
  for (const game of GAMES) {
    const argv = exampleArgv(game);
    const started = performance.now();
    const code = await runCli([...argv, '--seed', '1'], () => {}, (line) => console.error(line));
    if (code !== 0) throw new Error(`${game.id}: \`umpire ${argv.join(' ')}\` exited ${code}`);
    report(`${game.id}: a full match of its example bots (${argv.filter((a) => a.includes('/')).join(', ')}), CLI in-process`, performance.now() - started, 'ms');
  }
}
