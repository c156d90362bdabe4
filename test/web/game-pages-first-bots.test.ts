import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { GAMES } from '../../src/games/catalog.js';
import { matchCommand } from '../../src/web/pages/first-bots.js';

// Every game's first bots (src/games/<g>/bots/first.<ending>, the programs its page teaches with) play
// one match through `umpire match`, the command the page tells a newcomer to run, and make only moves the
// game reads: no failed call, no unreadable answer, no forfeit.

const dir = mkdtempSync(join(tmpdir(), 'umpire-first-bots-'));

/** Compilers for the languages that play as WebAssembly, as the page tells a newcomer to run them. */
const COMPILERS: Readonly<Record<string, (source: string, out: string) => [string, string[]]>> = {
  '.c': (source, out) => ['clang', ['--target=wasm32-wasi', '--sysroot=/usr', '-O2', '-o', out, source, '-lm']],
  '.cpp': (source, out) => [
    'clang++',
    ['--target=wasm32-wasi', '--sysroot=/usr', '-O2', '-fno-exceptions', '-o', out, source],
  ],
};

const hasClang = (() => {
  try {
    execFileSync('clang', ['--version'], { stdio: 'pipe' });
    return existsSync('/usr/lib/wasm32-wasi') || existsSync('/usr/include/wasm32-wasi');
  } catch {
    return false;
  }
})();

const firstBots = GAMES.flatMap((game) => {
  const bots = `src/games/${game.id}/bots`;
  if (!existsSync(bots)) return [];
  return readdirSync(bots)
    .filter((f) => f.startsWith('first.'))
    .map((file) => ({ game, file, path: `${bots}/${file}`, ending: file.slice('first'.length) }));
});

/** The file `umpire match` plays: the source, or what it compiles to. */
function playable(path: string, ending: string, game: string): string {
  const compile = COMPILERS[ending];
  if (!compile) return path;
  const out = join(dir, `${game}-first${ending.replace('.', '-')}.wasm`);
  const [compiler, args] = compile(path, out);
  execFileSync(compiler, args, { stdio: 'pipe' });
  return out;
}

/** A bot that answers nothing, for the other seats of a game whose bots are code: cheap, and never in the way. */
const quiet = join(dir, 'quiet.js');
writeFileSync(quiet, "export default () => '';\n");

describe('the first bots play a whole match with valid moves only', () => {
  it('every game with a page that teaches has first bots, in JavaScript and Python at least', () => {
    for (const id of ['icy', 'capture']) {
      const files = firstBots.filter((b) => b.game.id === id).map((b) => b.file);
      expect(files).toEqual(expect.arrayContaining(['first.js', 'first.py']));
    }
  });

  for (const { game, file, path, ending } of firstBots) {
    const compiled = Object.hasOwn(COMPILERS, ending);
    it.skipIf(compiled && !hasClang)(
      `${game.id}: ${file}`,
      async () => {
        const bot = playable(path, ending, game.id);
        // The page's own command, with the first bot in the first seat; the others quiet (or the same text bot).
        const other = game.bots.form === 'text' ? bot : quiet;
        const argv = matchCommand(game, bot)
          .replace(/^npx umpire /, '')
          .split(' ')
          .map((word) => (word === game.exampleBots[0] ? other : word));
        const out: string[] = [];
        const err: string[] = [];
        const code = await runCli(
          argv,
          (l) => out.push(l),
          (l) => err.push(l),
        );
        expect(code, err.join('\n')).toBe(0);
        const summary = JSON.parse(out.join('\n'));
        const seat = game.seats[0]!;
        const conduct = summary.conduct[seat];
        expect(summary.forfeit ?? null).toBeNull();
        expect(conduct.firstFailure).toBeNull();
        expect(conduct.asked).toBeGreaterThan(0);
        // A brain (a text bot) makes no moves the engine could refuse: its states are checked at parse time.
        if (game.bots.form === 'text') expect(conduct.validMoves).toBeNull();
        else expect(conduct.validMoves).toBe(conduct.asked);
      },
      120_000,
    );
  }
});
