import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tournamentCommand } from '../../src/cli/tournament.js';

describe('umpire tournament', () => {
  it('plays a local round robin with progress, and prints the ranked table', async () => {
    const saved = process.env.UMPIRE_DATA_DIR;
    process.env.UMPIRE_DATA_DIR = mkdtempSync(join(tmpdir(), 'umpire-tournament-'));
    const lines: string[] = [];
    const progress: [number, number][] = [];
    try {
      const code = await tournamentCommand(
        [
          'src/games/icy/bots/hunter.js',
          'src/games/icy/bots/planter.js',
          'src/games/icy/bots/idle.js',
          '--workers',
          '2',
        ],
        (l) => lines.push(l),
        undefined,
        (d, t) => progress.push([d, t]),
      );
      expect(code).toBe(0);
    } finally {
      if (saved === undefined) delete process.env.UMPIRE_DATA_DIR;
      else process.env.UMPIRE_DATA_DIR = saved;
    }
    expect(progress[0]).toEqual([0, 6]);
    expect(progress[progress.length - 1]).toEqual([6, 6]);
    expect(lines[0]).toMatch(/^leaderboard lb_\S+: 6 matches played, 0 failed$/);
    const rows = lines.slice(2);
    expect(rows).toHaveLength(3);
    expect(rows.map((r) => Number(r.trim().split(/\s+/)[0]))).toEqual([1, 2, 3]);
    expect(rows[2]).toContain('idle.js');
  }, 60_000);

  it.each(['0', '65', 'two', '1.5'])('refuses --workers %s before it plays', async (workers) => {
    await expect(
      tournamentCommand(['src/games/icy/bots/idle.js', 'src/games/icy/bots/idle.js', '--workers', workers], () => {}),
    ).rejects.toThrow(`--workers takes 1 to 64, not '${workers}'`);
  });
});
