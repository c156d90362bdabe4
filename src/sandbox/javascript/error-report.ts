/**
 * Where a JavaScript (or TypeScript) bot's error happened, in its own file:
 * the frames of QuickJS's stack that are the bot's, with their line and
 * column. The prelude is evaluated as a file of its own, so the bot's lines
 * are not shifted, and its frames (and any other file's) are left out.
 */

/**
 * A function evaluated in the bot's context only once an error needs its
 * stack, on a fuel of its own: it reads the stack QuickJS recorded as an own
 * data property (no getter runs). Kept out of the prelude so that bots that
 * never fail load and run exactly as before.
 */
export const STACK_OF = String.raw`(function () {
  const own = Object.getOwnPropertyDescriptor;
  return function stackOf(e) {
    if (typeof e !== 'object' || e === null) return '';
    try {
      const d = own(e, 'stack');
      const s = d && typeof d.value === 'string' ? d.value : '';
      return s.length > 4000 ? s.slice(0, 4000) : s;
    } catch (x) {
      return '';
    }
  };
})()`;

/** Frames of the bot's own file kept in a report. */
export const MAX_FRAMES = 6;
/** A frame line longer than this is cut (a function name can be long). */
const MAX_FRAME_CHARS = 160;

/** The bot's frames of a QuickJS stack ('    at act (bot.js:3:5)' or '    at bot.js:9:1'), top first. */
export function botFrames(stack: string, file: string): string[] {
  const frames: string[] = [];
  for (const line of stack.split('\n')) {
    const frame = line.trim();
    if (!frame.startsWith('at ') || frameFile(frame) !== file) continue;
    frames.push(frame.length > MAX_FRAME_CHARS ? `${frame.slice(0, MAX_FRAME_CHARS)}...` : frame);
    if (frames.length === MAX_FRAMES) break;
  }
  return frames;
}

/** The file a frame names: the last '(file:line:col)' or 'at file:line:col'. */
function frameFile(frame: string): string | null {
  const m = /(?:\(|^at )([^()\s:]+):\d+(?::\d+)?\)?$/.exec(frame);
  return m ? m[1]! : null;
}

/** The place of the top frame, 'bot.js:9:12', or null. */
export function placeOf(frames: readonly string[]): string | null {
  const top = frames[0];
  if (!top) return null;
  const m = /([^()\s]+:\d+(?::\d+)?)\)?$/.exec(top);
  return m ? m[1]! : null;
}

/** A load failure's message with the place it happened at: 'SyntaxError: expecting ')' (bot.js:9:12)'. */
export function withPlace(message: string, frames: readonly string[]): string {
  const place = placeOf(frames);
  return place ? `${message} (${place})` : message;
}

/**
 * What a bot's log gets when one of its calls throws: the error and its
 * frames the first time an error with this text is thrown; one line each
 * time it is thrown again, so that an error repeated every turn neither
 * fills the log nor has its stack read again. Stacks are read for the
 * first MAX_STACK_READS different errors of a bot only (reading one costs
 * the host a copy of the bot's memory, js-bot.ts).
 */
export class ErrorReports {
  private readonly seen = new Map<string, { call: number; times: number; place: string | null }>();
  private reads = 0;

  /** Whether an error with this text is new, and a stack may still be read for it. */
  wantsFrames(detail: string): boolean {
    return !this.seen.has(detail) && this.reads < MAX_STACK_READS;
  }

  /** The log's report of an error: `frames` as read when wantsFrames said so (null when not read). */
  report(call: number, detail: string, frames: readonly string[] | null): string {
    const earlier = this.seen.get(detail);
    if (earlier) {
      earlier.times++;
      const at = earlier.place ? ` (${earlier.place})` : '';
      return `[error again, ${ordinal(earlier.times)} time: as in call ${earlier.call}] ${detail}${at}`;
    }
    if (frames) this.reads++;
    // A bot that throws a new error every call is reported in full each time, its log cap bounding it.
    if (this.seen.size < MAX_REMEMBERED) this.seen.set(detail, { call, times: 1, place: placeOf(frames ?? []) });
    return [`[error in call ${call}] ${detail}`, ...(frames ?? []).map((f) => `    ${f}`)].join('\n');
  }
}

/** Different errors of one bot whose stacks are read. */
export const MAX_STACK_READS = 8;
const MAX_REMEMBERED = 64;

function ordinal(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}
