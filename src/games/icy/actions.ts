/** One child's action for one turn, and the reasons an action may not happen. */

export type ActionKind =
  | 'idle'
  | 'crouch'
  | 'stand'
  | 'crush'
  | 'run'
  | 'crawl'
  | 'pickup'
  | 'drop'
  | 'throw'
  | 'catch';

/** Kinds that take a target space `X Y`. */
const TARGETED: ReadonlySet<ActionKind> = new Set(['run', 'crawl', 'pickup', 'drop', 'throw', 'catch']);
const PLAIN: ReadonlySet<ActionKind> = new Set(['idle', 'crouch', 'stand', 'crush']);

/** Targets are in engine coordinates; `x`/`y` are 0 for actions without one. */
export interface Action {
  readonly kind: ActionKind;
  readonly x: number;
  readonly y: number;
}

export const IDLE: Action = Object.freeze({ kind: 'idle', x: 0, y: 0 });

/**
 * Why an action was replaced by idle. The vocabulary follows the original
 * engine's "Move Canceled" messages.
 */
export type CancelReason =
  | 'malformed'
  | 'dazed'
  | 'no_answer'
  | 'not_standing'
  | 'not_crouching'
  | 'already_standing'
  | 'already_crouching'
  | 'same_space'
  | 'too_far'
  | 'off_field'
  | 'not_adjacent'
  | 'tree'
  | 'occupied'
  | 'too_high'
  | 'empty_handed'
  | 'nothing_to_pick_up'
  | 'hands_full'
  | 'contention'
  | 'no_powder'
  | 'no_snowball';

export type Outcome =
  | { readonly status: 'done' }
  | { readonly status: 'blocked'; readonly step: number }
  | { readonly status: 'canceled'; readonly reason: CancelReason; readonly detail?: string };

export const DONE: Outcome = Object.freeze({ status: 'done' });

export function canceled(reason: CancelReason, detail?: string): Outcome {
  return detail === undefined ? { status: 'canceled', reason } : { status: 'canceled', reason, detail };
}

/** Integer coordinates far beyond any legal target are malformed, not huge numbers. */
const MAX_COORDINATE = 1_000_000;
const INTEGER = /^[+-]?\d{1,7}$/;

export type ParsedAction =
  | { readonly ok: true; readonly action: Action }
  | { readonly ok: false; readonly detail: string };

/**
 * Reads one action line as a player writes it. Never throws: anything that is
 * not exactly `<keyword>` or `<keyword> X Y` is reported as malformed.
 */
export function parseActionLine(line: string): ParsedAction {
  const words = splitWords(line);
  const kind = words[0] as ActionKind;
  if (PLAIN.has(kind)) {
    if (words.length === 1) return { ok: true, action: kind === 'idle' ? IDLE : { kind, x: 0, y: 0 } };
    return { ok: false, detail: `'${kind}' takes no arguments` };
  }
  if (TARGETED.has(kind)) {
    if (words.length !== 3) return { ok: false, detail: `'${kind}' takes two integers X Y` };
    if (!INTEGER.test(words[1]!) || !INTEGER.test(words[2]!)) {
      return { ok: false, detail: `'${kind}' needs integer coordinates` };
    }
    const x = Number(words[1]);
    const y = Number(words[2]);
    if (Math.abs(x) > MAX_COORDINATE || Math.abs(y) > MAX_COORDINATE) {
      return { ok: false, detail: 'coordinates out of range' };
    }
    return { ok: true, action: { kind, x, y } };
  }
  const shown = line.length > 40 ? `${line.slice(0, 40)}...` : line;
  return { ok: false, detail: words.length === 0 ? 'empty line' : `unknown action '${shown}'` };
}

/** Splits on runs of white space (space, tab, CR, other control bytes). */
function splitWords(line: string): string[] {
  const words: string[] = [];
  let start = -1;
  for (let i = 0; i <= line.length; i++) {
    const blank = i === line.length || line.charCodeAt(i) <= 32;
    if (blank) {
      if (start >= 0) words.push(line.slice(start, i));
      start = -1;
    } else if (start < 0) start = i;
  }
  return words;
}

export function formatAction(a: Action): string {
  return TARGETED.has(a.kind) ? `${a.kind} ${a.x} ${a.y}` : a.kind;
}

export function hasTarget(kind: ActionKind): boolean {
  return TARGETED.has(kind);
}
