import { readFileSync, readdirSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MAP,
  formatTurns,
  initialState,
  parseMap,
  playTurn,
  result,
  ruleSet,
  verifyHistory,
  type Action,
  type IcyMap,
  type IcyState,
} from '../../../src/games/icy/index.js';

// Games the original 2011 engine played between real players (seeded C fuzz players compiled to
// wasm32-wasi and the example bots), recorded by scripts/differential/icy.mjs after the tool saw
// umpire play them byte for byte alike. Each holds the original's turn history and every raw
// answer the players gave, so umpire's engine can play them again here without Java.
const DIR = 'test/fixtures/icy-differential';
const rules = ruleSet('queue2011');

interface Row {
  readonly name: string;
  readonly map: string;
  readonly red: string;
  readonly blue: string;
  readonly scoreLine: string;
}

const rows: Row[] = readFileSync(`${DIR}/MANIFEST.tsv`, 'utf8')
  .trim()
  .split('\n')
  .slice(1)
  .map((line) => {
    const [name, map, red, blue, , scoreLine] = line.split('\t');
    return { name: name!, map: map!, red: red!, blue: blue!, scoreLine: scoreLine! };
  });

const maps = new Map<string, IcyMap>();
function mapNamed(name: string): IcyMap {
  if (name === 'default') return DEFAULT_MAP;
  const cached = maps.get(name);
  if (cached) return cached;
  const parsed = parseMap(readFileSync(`src/games/icy/maps/${name}.txt`, 'utf8'));
  if (!parsed.ok) throw new Error(`${name}: ${parsed.problems[0].message}`);
  maps.set(name, parsed.value);
  return parsed.value;
}

/** umpire's engine given the players' raw answers: every state and the moves it played. */
function playAnswers(
  map: IcyMap,
  red: readonly (string | null)[],
  blue: readonly (string | null)[],
): { states: IcyState[]; moves: Action[][] } {
  let state = initialState(map);
  const states = [state];
  const moves: Action[][] = [];
  for (let t = 0; t < red.length; t++) {
    const turn = playTurn(state, red[t], blue[t], rules);
    moves.push([...turn.actions]);
    state = turn.state;
    states.push(state);
  }
  return { states, moves };
}

describe('games played by the original engine and by umpire', () => {
  it('cover every original map and the default, at least 300 games', () => {
    expect(rows.length).toBeGreaterThanOrEqual(300);
    const original = readdirSync('src/games/icy/maps').map((f) => f.replace(/\.txt$/, ''));
    expect(original).toHaveLength(13);
    expect(new Set(rows.map((r) => r.map))).toEqual(new Set(original));
  });

  it.each(rows)('$name: the same states, the same written moves, the same score', (row) => {
    const original = gunzipSync(readFileSync(`${DIR}/${row.name}.turns.gz`));
    const answers = JSON.parse(gunzipSync(readFileSync(`${DIR}/${row.name}.answers.json.gz`)).toString('utf8')) as {
      red: (string | null)[];
      blue: (string | null)[];
    };
    const verified = verifyHistory(original, rules);
    expect(verified.mismatch).toBeNull();
    expect(verified.count).toBe(181);

    const { states, moves } = playAnswers(mapNamed(row.map), answers.red, answers.blue);
    expect(formatTurns(states, moves, rules)).toBe(original.toString('latin1'));

    const r = result(states[states.length - 1]!);
    expect(
      `Score: ${r.score[0]} (${r.hitScore[0]} ${r.domainSum[0]}) ${r.score[1]} (${r.hitScore[1]} ${r.domainSum[1]})`,
    ).toBe(row.scoreLine);
  });
});
