import type { PyException } from './micropython-host.js';

/**
 * Which of the two styles a Python bot is, and how its errors read. The
 * style is read from the source: a module that defines `act` at its top
 * level (`def act(` or `act =` at the start of a line) is called once per
 * turn; any other is a classic stdin/stdout program.
 */
export function isStdinProgram(code: string): boolean {
  return !/^(?:async\s+)?def\s+act\s*\(|^act\s*(?::[^=\n]*)?=(?!=)/m.test(code);
}

/** The bot's file as tracebacks name it (MicroPython calls the code it runs "<stdin>"). */
export const PLAYER_FILE = 'bot.py';

/** An exception's message in a failure's detail is cut after this many characters (as a JavaScript bot's). */
const DETAIL_CHARS = 300;

/** The traceback as CPython prints it for the player's file: its frames name bot.py. */
export function playerTraceback(value: PyException): string {
  const text = value.traceback.replaceAll('File "<stdin>"', `File "${PLAYER_FILE}"`);
  return text.endsWith('\n') ? text : `${text}\n`;
}

/**
 * An exception as one line: the line that names its type (the last such, or
 * else the traceback's last line), its message cut at DETAIL_CHARS, with
 * where it was raised: the innermost frame in the player's file, or else
 * the innermost frame.
 */
export function describe(value: PyException): string {
  const lines = playerTraceback(value).trim().split('\n').reverse();
  const named = value.type ? lines.find((l) => l === value.type || l.startsWith(`${value.type}:`)) : undefined;
  const line = named ?? lines[0] ?? value.type;
  const shown = line.length > DETAIL_CHARS ? `${line.slice(0, DETAIL_CHARS)}...` : line;
  const frames = lines.filter((l) => /^\s*File "/.test(l)).map((l) => l.trim());
  const where = frames.find((l) => l.startsWith(`File "${PLAYER_FILE}"`)) ?? frames[0];
  return where ? `${shown} (${where})` : shown;
}
