import { fail, ok, type Problem, type Result } from '../../core/errors.js';
import { ENGINE } from '../../version.js';
import { Ground } from './constants.js';
import { formatMap } from './map.js';
import { buildReplay, type IcyReplay } from './replay.js';
import type { RuleSet } from './rules.js';
import { parseTurns } from './turns.js';
import { verifyHistory } from './history-check.js';

export type ImportProblem = Problem<'TURNS_SYNTAX' | 'TURNS_EMPTY' | 'TURNS_MISMATCH'>;

/**
 * A replay of a game recorded as an original turn history. The history must
 * replay exactly (as `umpire verify-turns` checks); the replay is then built
 * from its moves, so exporting it gives the history back.
 */
export function historyToReplay(bytes: Uint8Array, rules: RuleSet): Result<IcyReplay, ImportProblem> {
  const check = verifyHistory(bytes, rules);
  if (check.mismatch) {
    const code = check.mismatch.message.startsWith('not a turn history') ? 'TURNS_SYNTAX' : 'TURNS_MISMATCH';
    return fail({ code, message: `turn ${check.mismatch.turn}: ${check.mismatch.message}` });
  }
  const parsed = parseTurns(bytes, rules);
  if (!parsed.ok) return fail(parsed.problems[0]);
  const blocks = parsed.value;
  const map = { trees: Array.from(blocks[0]!.ground, (g) => g === Ground.TREE) };
  const history = { name: null, sha256: null, kind: 'history' } as const;
  return ok(
    buildReplay({
      manifest: {
        engine: ENGINE,
        game: 'icy',
        rules: rules.name,
        map: { name: null, sha256: null },
        seed: null,
        budgets: null,
        bots: { red: history, blue: history },
      },
      map,
      mapText: formatMap(map),
      turns: blocks.slice(0, -1).map((b) => ({ actions: b.moves })),
    }),
  );
}
