import { readFileSync, readdirSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../../src/cli/main.js';
import {
  DEFAULT_MAP,
  MAX_TREES,
  TurnReader,
  formatMap,
  initialState,
  parseMap,
  ruleSet,
  type IcyMap,
} from '../../../src/games/icy/index.js';

const mapFiles = readdirSync('src/games/icy/maps').filter((f) => f.endsWith('.txt'));
const rows = (text: string) => text.trim().split('\n');
const withRows = (edit: (r: string[]) => void) => {
  const r = rows(formatMap(DEFAULT_MAP));
  edit(r);
  return r.join('\n');
};
const setChar = (r: string[], x: number, y: number, ch: string) => {
  const line = 30 - y;
  r[line] = r[line]!.slice(0, x) + ch + r[line]!.slice(x + 1);
};
const codes = (text: string) => {
  const m = parseMap(text);
  return m.ok ? [] : m.problems.map((p) => p.code);
};

describe('maps', () => {
  it.each(mapFiles)('src/games/icy/maps/%s is valid and round-trips', (file) => {
    const text = readFileSync(`src/games/icy/maps/${file}`, 'utf8');
    const m = parseMap(text);
    expect(m.ok).toBe(true);
    if (m.ok) expect(formatMap(m.value)).toBe(rows(text).join('\n') + '\n');
  });

  it('src/games/icy/maps/default.txt is the original default: five trees near the center', () => {
    const m = parseMap(readFileSync('src/games/icy/maps/default.txt', 'utf8'));
    expect(m.ok && m.value.trees).toEqual(DEFAULT_MAP.trees);
    expect(DEFAULT_MAP.trees.filter(Boolean).length).toBe(5);
  });

  it.each(['default', 'map1', 'map2', 'map3', 'map4', 'map5'])(
    'src/games/icy/maps/%s.txt is read in screen orientation: it gives the turn-0 field the original engine used',
    (name) => {
      const game = readdirSync('test/fixtures/icy-queue2011').find((f) => f.includes(`_${name}_`))!;
      const bytes = gunzipSync(readFileSync(`test/fixtures/icy-queue2011/${game}`));
      const recorded = new TurnReader(bytes, ruleSet('queue2011')).state();
      const m = parseMap(readFileSync(`src/games/icy/maps/${name}.txt`, 'utf8'));
      if (!m.ok) throw new Error('map invalid');
      const s = initialState(m.value);
      expect(Array.from(recorded.ground)).toEqual(s.ground);
      expect(Array.from(recorded.height)).toEqual(s.height);
    },
  );

  it('names the rule a map breaks', () => {
    expect(codes(rows(formatMap(DEFAULT_MAP)).slice(0, 30).join('\n'))).toEqual(['MAP_SIZE']);
    expect(codes(withRows((r) => (r[4] += '.')))).toEqual(['MAP_SIZE']);
    expect(codes(withRows((r) => setChar(r, 3, 3, 'X')))).toEqual(['MAP_CHARACTER']);
    expect(codes(withRows((r) => setChar(r, 3, 3, 'T')))).toEqual(['MAP_ASYMMETRIC']);
    expect(codes(withRows((r) => (setChar(r, 0, 2, 'T'), setChar(r, 30, 28, 'T'))))).toEqual(['MAP_TREE_ON_START']);
    // A ring of trees around (5, 5) and its mirror leaves the middle unreachable.
    const ring = withRows((r) => {
      for (const [dx, dy] of [
        [-1, -1],
        [-1, 0],
        [-1, 1],
        [0, -1],
        [0, 1],
        [1, -1],
        [1, 0],
        [1, 1],
      ] as const) {
        setChar(r, 5 + dx, 5 + dy, 'T');
        setChar(r, 25 - dx, 25 - dy, 'T');
      }
    });
    expect(codes(ring)).toEqual(['MAP_UNREACHABLE']);
    const m = parseMap(ring);
    expect(!m.ok && m.problems[0].message).toBe(
      '2 space(s) without a tree cannot be reached from the start positions: (5, 5), (25, 25)',
    );
  });

  it('allows at most 96 trees (less than 10% of 961 spaces)', () => {
    expect(MAX_TREES).toBe(96);
    const forest = (count: number): string => {
      const trees = new Array<boolean>(961).fill(false);
      // Symmetric pairs along rows 10 and 20, then the center.
      let placed = 0;
      for (let x = 0; x < 31 && placed + 2 <= count; x += 1) {
        for (const y of [10, 12, 14]) {
          if (placed + 2 > count) break;
          trees[x * 31 + y] = true;
          trees[(30 - x) * 31 + (30 - y)] = true;
          placed += 2;
        }
      }
      if (placed < count) trees[15 * 31 + 15] = true;
      return formatMap({ trees } as IcyMap);
    };
    expect(codes(forest(96))).not.toContain('MAP_TOO_MANY_TREES');
    expect(codes(forest(97))).toContain('MAP_TOO_MANY_TREES');
  });

  it('`umpire maps check` prints one line per map and fails on a bad one', async () => {
    const out: string[] = [];
    expect(
      await runCli(
        ['maps', 'check', 'src/games/icy/maps/default.txt', 'src/games/icy/maps/map1.txt'],
        (l) => out.push(l),
        (l) => out.push(l),
      ),
    ).toBe(0);
    expect(out).toEqual([
      'src/games/icy/maps/default.txt: ok (5 trees of at most 96)',
      'src/games/icy/maps/map1.txt: ok (16 trees of at most 96)',
    ]);
    const bad: string[] = [];
    expect(
      await runCli(
        ['maps', 'check', 'src/games/icy/maps/default.txt', 'no/such.txt'],
        (l) => bad.push(l),
        (l) => bad.push(l),
      ),
    ).toBe(1);
    expect(bad[1]).toBe('no/such.txt: cannot read: no such file');
  });
});

describe("a match's map digest", () => {
  const digestOf = async (map: string | undefined) => {
    const { default: icy } = await import('../../../src/games/icy/module.js');
    const setup = await icy.setup({ game: 'icy', seed: 1, red: { js: '' }, blue: { js: '' }, map } as never);
    return (setup.details as unknown as { map: { name: string | null; sha256: string } }).map;
  };
  const sha256 = async (text: string) =>
    Array.from(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))), (b) =>
      b.toString(16).padStart(2, '0'),
    ).join('');

  it('is the sha256 of the map text, for a bundled map (kept once made) and for each inline map', async () => {
    const named = await digestOf(undefined);
    expect(named).toEqual({ name: 'default', sha256: await sha256(formatMap(DEFAULT_MAP)) });
    expect(await digestOf('default')).toEqual(named);
    const inline = readFileSync('src/games/icy/maps/map1.txt', 'utf8');
    const other = readFileSync('src/games/icy/maps/map2.txt', 'utf8');
    const first = await digestOf(inline);
    expect(first.name).toBeNull();
    expect(first.sha256).not.toBe(named.sha256);
    const second = await digestOf(other);
    expect(second.sha256).not.toBe(first.sha256);
    expect(second.sha256).toBe(await sha256(formatMap((parseMap(other) as { value: IcyMap }).value)));
  });
});
