import { compareView, verifyHistory, type RuleSet } from '../games/icy/index.js';
import { BLUE, RED, type Team } from '../games/icy/constants.js';
import { parseCommandArgs, usageError } from './args.js';
import { describeError, readMaybeGzip, readText } from './io.js';
import { rulesOption } from './rules-option.js';

export const VERIFY_TURNS_USAGE =
  'umpire verify-turns FILE... [--red-view FILE] [--blue-view FILE] [--rules queue2011|icpc2010]';

/**
 * Re-simulates each turn history from its turn-0 field and recorded moves and
 * compares every recorded state; prints one line per file. Returns the exit
 * code: 0 when every file replays exactly, 1 otherwise.
 */
export function verifyTurnsCommand(argv: string[], out: (line: string) => void): number {
  const { values, positionals } = parseCommandArgs(argv, {
    'red-view': { type: 'string' },
    'blue-view': { type: 'string' },
    rules: { type: 'string' },
  });
  if (positionals.length === 0) throw usageError(`no turn history given\nusage: ${VERIFY_TURNS_USAGE}`);
  const views: [Team, string][] = [];
  if (values['red-view']) views.push([RED, values['red-view'] as string]);
  if (values['blue-view']) views.push([BLUE, values['blue-view'] as string]);
  if (views.length > 0 && positionals.length !== 1) throw usageError('--red-view and --blue-view go with exactly one FILE');
  const rules = rulesOption(values.rules as string | undefined);
  let failed = 0;
  for (const file of positionals) {
    const line = verifyFile(file, rules, views);
    if (!line.ok) failed++;
    out(`${file}: ${line.text}`);
  }
  return failed === 0 ? 0 : 1;
}

function verifyFile(file: string, rules: RuleSet, views: [Team, string][]): { ok: boolean; text: string } {
  let bytes: Uint8Array;
  try {
    bytes = readMaybeGzip(file);
  } catch (e) {
    return { ok: false, text: `cannot read: ${describeError(e)}` };
  }
  const replay = verifyHistory(bytes, rules, { keepStates: views.length > 0 });
  if (replay.mismatch) return { ok: false, text: `turn ${replay.mismatch.turn}: ${replay.mismatch.message}` };
  for (const [team, viewFile] of views) {
    const side = team === RED ? 'red' : 'blue';
    let recorded: string;
    try {
      recorded = readText(viewFile);
    } catch (e) {
      return { ok: false, text: `${side} view ${viewFile}: cannot read: ${describeError(e)}` };
    }
    const diff = compareView(replay.states, team, rules, recorded);
    if (diff) return { ok: false, text: `${side} view: ${diff.message}` };
  }
  const extra = views.length > 0 ? `, ${views.map(([t]) => (t === RED ? 'red' : 'blue')).join(' and ')} view ok` : '';
  return { ok: true, text: `ok (${replay.count} states${extra})` };
}
