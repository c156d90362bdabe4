import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * What a contest organizer meets, through the built command (`node bin/umpire.mjs`,
 * after `npm run build`): a bot that never makes a valid move, a bot's first
 * failure, a broken bot in a tournament, and the tournament table for scripts.
 */

const ICY_IDLE = 'src/games/icy/bots/idle.js';
const ICY_RANDOM = 'src/games/icy/bots/random.js';
const CAPTURE_IDLE = 'src/games/capture/bots/do-nothing.js';
let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'umpire-contest-'));
  // Three good turns, then it throws on every call.
  writeFileSync(
    join(dir, 'tires.js'),
    "let n = 0;\nexport default function () {\n  if (++n > 3) throw new Error('tired of snow');\n  return 'idle\\nidle\\nidle\\nidle\\n';\n}\n",
  );
  writeFileSync(join(dir, 'broken.js'), 'export default function ( {\n');
  writeFileSync(join(dir, 'notes.txt'), 'This is a list of snowball tactics, not a bot.\n');
});

function umpire(args: string[], env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, ['bin/umpire.mjs', ...args], {
    encoding: 'utf8',
    timeout: 60_000,
    env: { ...process.env, NO_COLOR: '1', ...env },
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('umpire --help and --version, as a process', () => {
  it.each(['match', 'tournament', 'keys', 'prepare-wasi', 'verify-turns'])(
    'umpire %s --help prints its usage on stdout and exits 0',
    (name) => {
      const r = umpire([name, '--help']);
      expect(r).toMatchObject({ status: 0, stderr: '' });
      expect(r.stdout).toMatch(new RegExp(`^usage:\\n  umpire ${name}\\b`));
    },
    20_000,
  );

  it('umpire --version prints the package version and exits 0', () => {
    const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
    for (const flag of ['--version', '-v', 'version']) {
      const r = umpire([flag]);
      expect(r).toMatchObject({ status: 0, stderr: '' });
      expect(r.stdout.trim()).toContain(version);
    }
  }, 20_000);

  it('an unknown option still fails with exit 2 and says which', () => {
    const r = umpire(['match', '--hepl']);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('--hepl');
  }, 20_000);
});

describe('umpire match: bots that fail', () => {
  it('warns about an Icy bot in a Capture match, which made no valid move, and names its first failure', () => {
    const r = umpire(['match', '--game', 'capture', '--red', ICY_IDLE, '--blue', CAPTURE_IDLE, '--fuel', '200000']);
    expect(r.status, r.stderr).toBe(0);
    const summary = JSON.parse(r.stdout);
    expect(summary.forfeit).toBeNull();
    expect(summary.noValidMove).toEqual(['red']);
    expect(summary.conduct.red).toEqual({
      asked: 900,
      validMoves: 0,
      firstFailure: { turn: 0, code: 'invalid_move', message: 'expected 5 numbers, got 1' },
      firstErrors: [{ turn: 0, code: 'invalid_move', message: 'expected 5 numbers, got 1', count: 900 }],
    });
    expect(summary.conduct.blue.validMoves).toBeGreaterThan(0);
    expect(r.stderr).toContain(`seat red (${ICY_IDLE}) made no valid move in 900 turns`);
    expect(r.stderr).not.toContain('seat blue');
  }, 20_000);

  it('with --strict, exits 1 for a bot with no valid move; a bot that failed later is named, not refused', () => {
    const r = umpire(['match', '--red', CAPTURE_IDLE, '--blue', join(dir, 'tires.js'), '--fuel', '200000', '--strict']);
    expect(r.status, r.stderr).toBe(1);
    const summary = JSON.parse(r.stdout);
    expect(summary.noValidMove).toEqual(['red']);
    expect(summary.conduct.red.firstFailure).toMatchObject({ turn: 0, code: 'invalid_move' });
    expect(summary.conduct.red.firstFailure.message).toMatch(/^child 0: /);
    expect(summary.conduct.blue.validMoves).toBe(3);
    expect(summary.conduct.blue.firstFailure).toMatchObject({ turn: 3, code: 'error' });
    // The first failure of each kind, with its count: the bot threw from turn 3 on, then was retired.
    expect(summary.conduct.blue.firstErrors[0]).toMatchObject({ turn: 3, code: 'error' });
    expect(summary.conduct.blue.firstErrors[0].count).toBeGreaterThan(0);
    expect(summary.conduct.blue.firstFailure.message).toContain('tired of snow');
    expect(r.stderr).toContain('seat red');
    expect(r.stderr).not.toContain('seat blue');
  }, 20_000);
});

describe('umpire tournament: broken bots and tables', () => {
  const bots = () => [ICY_IDLE, join(dir, 'broken.js'), ICY_RANDOM, join(dir, 'notes.txt')];

  it('plays on past broken bots, lists them as forfeited, and prints the table as JSON', () => {
    const r = umpire(['tournament', ...bots(), '--json'], { STORE: 'memory' });
    expect(r.status, r.stderr).toBe(0);
    const table = JSON.parse(r.stdout);
    expect(table.game).toBe('icy');
    expect(table.matches).toEqual({ played: 2, failed: 0 });
    expect(table.standings.map((s: { rank: number }) => s.rank)).toEqual([1, 2]);
    expect(table.standings.map((s: { file: string }) => s.file).sort()).toEqual([ICY_IDLE, ICY_RANDOM].sort());
    for (const s of table.standings) expect(s.wins + s.losses + s.draws).toBe(2);
    expect(table.forfeited.map((f: { file: string; code: string }) => [f.file, f.code])).toEqual([
      [join(dir, 'broken.js'), 'BOT_INVALID'],
      [join(dir, 'notes.txt'), 'BOT_INVALID'],
    ]);
    expect(r.stderr).toContain(`${join(dir, 'broken.js')}: forfeited, BOT_INVALID`);
    expect(r.stderr).toContain('storage: memory');
  }, 30_000);

  it('prints the table as CSV: a header, quoted fields, the forfeited bots last', () => {
    const r = umpire(['tournament', ...bots(), '--csv'], { STORE: 'memory' });
    expect(r.status, r.stderr).toBe(0);
    const rows = parseCsv(r.stdout);
    expect(rows[0]).toEqual([
      'rank',
      'status',
      'file',
      'name',
      'botId',
      'rating',
      'uncertainty',
      'points',
      'wins',
      'losses',
      'draws',
      'played',
      'code',
      'message',
    ]);
    expect(rows).toHaveLength(5);
    expect(rows.slice(1).map((row) => [row[0], row[1]])).toEqual([
      ['1', 'ranked'],
      ['2', 'ranked'],
      ['', 'forfeited'],
      ['', 'forfeited'],
    ]);
    expect(rows[3]![2]).toBe(join(dir, 'broken.js'));
    expect(rows[3]![12]).toBe('BOT_INVALID');
    expect(Number(rows[1]![5])).toBeGreaterThanOrEqual(Number(rows[2]![5]));
    // A message with a comma or a quote survives the quoting.
    expect(rows.every((row) => row.length === rows[0]!.length)).toBe(true);
  }, 30_000);

  it('refuses --json with --csv, and fails without a board when too few bots can play', () => {
    expect(umpire(['tournament', ICY_IDLE, ICY_RANDOM, '--json', '--csv']).status).toBe(2);
    const r = umpire(['tournament', ICY_IDLE, join(dir, 'broken.js')], { STORE: 'memory' });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('only 1 of the 2 bots can play; icy needs 2');
    expect(r.stdout).toBe('');
  }, 20_000);
});

/** RFC 4180 CSV: fields in double quotes may hold commas, doubled quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += ch;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows;
}
