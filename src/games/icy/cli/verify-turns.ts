import type { GameCommandIo } from '../../../core/game-commands.js';
import { BLUE, RED, type Team } from '../constants.js';
import { compareView, verifyHistory } from '../history-check.js';
import type { RuleSet } from '../rules.js';
import { latin1 } from './latin1.js';
import { rulesOption } from './rules-option.js';
import { VERIFY_TURNS_USAGE, usageError } from './usage.js';

/**
 * Re-simulates each turn history from its turn-0 field and recorded moves and
 * compares every recorded state; prints one line per file. Returns the exit
 * code: 0 when every file replays exactly, 1 otherwise.
 */
export function verifyTurnsCommand(argv: readonly string[], io: GameCommandIo): number {
  const { values, positionals } = io.parseArgs(argv, {
    'red-view': { type: 'string' },
    'blue-view': { type: 'string' },
    rules: { type: 'string' },
  });
  if (positionals.length === 0) throw usageError(`no turn history given\nusage: ${VERIFY_TURNS_USAGE}`);
  const views: [Team, string][] = [];
  if (values['red-view']) views.push([RED, values['red-view'] as string]);
  if (values['blue-view']) views.push([BLUE, values['blue-view'] as string]);
  if (views.length > 0 && positionals.length !== 1)
    throw usageError('--red-view and --blue-view go with exactly one FILE');
  const rules = rulesOption(values.rules as string | undefined);
  let failed = 0;
  for (const file of positionals) {
    const line = verifyFile(io, file, rules, views);
    if (!line.ok) failed++;
    io.out(`${file}: ${line.text}`);
  }
  return failed === 0 ? 0 : 1;
}

function verifyFile(
  io: GameCommandIo,
  file: string,
  rules: RuleSet,
  views: [Team, string][],
): { ok: boolean; text: string } {
  const history = io.tryRead(file);
  if (!history.ok) return { ok: false, text: `cannot read: ${history.reason}` };
  const replay = verifyHistory(history.bytes, rules, { keepStates: views.length > 0 });
  if (replay.mismatch) return { ok: false, text: `turn ${replay.mismatch.turn}: ${replay.mismatch.message}` };
  for (const [team, viewFile] of views) {
    const side = team === RED ? 'red' : 'blue';
    const view = io.tryRead(viewFile);
    if (!view.ok) return { ok: false, text: `${side} view ${viewFile}: cannot read: ${view.reason}` };
    const diff = compareView(replay.states, team, rules, latin1(view.bytes));
    if (diff) return { ok: false, text: `${side} view: ${diff.message}` };
  }
  const extra = views.length > 0 ? `, ${views.map(([t]) => (t === RED ? 'red' : 'blue')).join(' and ')} view ok` : '';
  return { ok: true, text: `ok (${replay.count} states${extra})` };
}
