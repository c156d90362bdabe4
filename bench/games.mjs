// Every registered game: one full match of its example bots, in-process, as the CLI plays it.
import { GAMES } from '../dist/games/catalog.js';
import { runCli } from '../dist/cli/main.js';
import { matchArgv } from '../dist/core/match-argv.js';

export async function run(report) {
  for (const game of GAMES) {
    const bots = game.exampleBots.slice(0, game.seats.length);
    const argv = [...matchArgv(game, bots), '--seed', '1'];
    const started = performance.now();
    const code = await runCli(
      argv,
      () => {},
      (line) => console.error(line),
    );
    if (code !== 0) throw new Error(`${game.id}: \`umpire ${argv.join(' ')}\` exited ${code}`);
    report(
      `${game.id}: a full match of its example bots (${bots.join(', ')}), CLI in-process`,
      performance.now() - started,
      'ms',
    );
  }
}
