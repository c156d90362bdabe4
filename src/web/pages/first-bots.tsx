import type { GameModule } from '../../core/game-module.js';
import { matchArgv } from '../../core/match-argv.js';
import type { BotSource } from '../game-info.js';

/** Languages whose programs are compiled to WebAssembly before they play, with the command that does it. */
const COMPILE: Readonly<Record<string, (source: string) => string>> = {
  C: (source) => `clang --target=wasm32-wasi --sysroot=/usr -O2 -o first.wasm ${source} -lm`,
  'C++': (source) => `clang++ --target=wasm32-wasi --sysroot=/usr -O2 -fno-exceptions -o first.wasm ${source}`,
};

/** `npx umpire match` with the given file in the first seat and the game's first example bot in the others. */
export function matchCommand(game: GameModule, file: string): string {
  const opponent = game.exampleBots[0] ?? file;
  return `npx umpire ${matchArgv(
    game,
    game.seats.map((_, k) => (k === 0 ? file : opponent)),
  ).join(' ')}`;
}

/** "Your first bot": per language, a complete small program and the few steps from it to a match. */
export function FirstBots({ game, bots }: { game: GameModule; bots: readonly BotSource[] }) {
  if (bots.length === 0) return null;
  return (
    <section class="card" aria-labelledby="first-bot">
      <h2 id="first-bot">Your first bot</h2>
      <p>
        Five minutes from nothing to a match: pick a language, save the program, play it. Each one reads the input
        exactly as the rules below give it and answers every turn with a move.
      </p>
      {bots.map((bot, k) => (
        <details class="first-bot" open={k === 0}>
          <summary>
            {bot.language} <span class="muted">({bot.name})</span>
          </summary>
          <FirstBotSteps game={game} bot={bot} />
          <pre class="input-box">
            <code>{bot.text}</code>
          </pre>
        </details>
      ))}
    </section>
  );
}

function FirstBotSteps({ game, bot }: { game: GameModule; bot: BotSource }) {
  const compile = Object.hasOwn(COMPILE, bot.language) ? COMPILE[bot.language]! : null;
  const playable = compile ? 'first.wasm' : bot.name;
  return (
    <ol class="steps">
      <li>
        Save the program below as <code>{bot.name}</code> (or{' '}
        <a href={`/games/${game.id}/bots/${bot.name}`} download={bot.name}>
          download it
        </a>
        ).
      </li>
      {compile ? (
        <li>
          Compile it to WebAssembly (clang with wasi-libc): <code>{compile(bot.name)}</code>
        </li>
      ) : null}
      <li>
        Play it on your machine, in a checkout of umpire after <code>npm install</code>:{' '}
        <code>{matchCommand(game, playable)}</code> prints the result; add <code>--out replay.json.gz</code> to keep the
        replay.
      </li>
      <li>
        Or <a href={`/upload?game=${game.id}`}>upload {compile ? 'first.wasm' : 'it'}</a>: its page challenges an
        example bot, and the match page shows the replay with what your bot wrote to its log at each turn.
      </li>
    </ol>
  );
}
