import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { GAME_COMMANDS } from '../../src/games/catalog.js';
import { VERSION } from '../../src/version.js';

/** Runs the CLI in process: its exit code and what it printed on each stream. */
async function cli(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(
    argv,
    (l) => out.push(l),
    (l) => err.push(l),
  );
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('umpire --help and --version', () => {
  const own = ['match', 'tournament', 'keys', 'prepare-wasi'];
  const games = GAME_COMMANDS.map((c) => c.name);

  it.each([...own, ...games])('umpire %s --help prints that command’s usage and exits 0', async (name) => {
    for (const flag of ['--help', '-h']) {
      const r = await cli(name, flag);
      expect(r, `${name} ${flag}`).toMatchObject({ code: 0, err: '' });
      expect(r.out).toMatch(new RegExp(`^usage:\\n  umpire ${name}\\b`));
      // Only this command's lines: no other command is listed.
      for (const other of [...own, ...games].filter((o) => o !== name && !o.startsWith(name))) {
        expect(r.out).not.toMatch(new RegExp(`umpire ${other}\\b`));
      }
    }
  });

  it('help wins over other arguments, even ones that would be refused: nothing is played or written', async () => {
    const r = await cli('match', '--red', 'no-such-bot.js', '--no-such-option', '--help');
    expect(r).toMatchObject({ code: 0, err: '' });
    expect(r.out).toMatch(/^usage:\n {2}umpire match/);
  });

  it('umpire --version prints the version recorded in every manifest', async () => {
    for (const flag of ['--version', '-v', 'version']) {
      expect(await cli(flag)).toEqual({ code: 0, out: `umpire ${VERSION}`, err: '' });
    }
  });

  it('still answers an unknown option with a usage error, exit 2', async () => {
    const r = await cli('match', '--no-such-option');
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/no-such-option/);
  });
});
