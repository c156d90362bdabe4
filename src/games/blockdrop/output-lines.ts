/**
 * A bot's answers as the original engine reads them: one stream of lines
 * (its standard output through java.io.BufferedReader), one line taken per
 * turn, the handshake reading lines until READY. Lines end at \n, \r or
 * \r\n, also when the \r and the \n come in different answers. Lines a bot
 * wrote beyond the one read wait for its later turns.
 *
 * An answer that does not end its last line has it ended for it (a JS or
 * Python bot returns `A`, not `A\n`). The differential runner does the same
 * when it hands an answer to the original engine.
 */
export interface OutputLines {
  /** Whole lines written and not read yet, oldest first. */
  readonly lines: readonly string[];
  /** Whether the last thing written was a \r, so that a \n next only ends that line. */
  readonly afterCR: boolean;
}

export const NO_OUTPUT: OutputLines = { lines: [], afterCR: false };

/** The stream after one more answer. */
export function appendAnswer(out: OutputLines, answer: string): OutputLines {
  let text = /[\r\n]$/.test(answer) ? answer : `${answer}\n`;
  if (out.afterCR && text.startsWith('\n')) text = text.slice(1);
  const lines = [...out.lines];
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c !== '\n' && c !== '\r') continue;
    lines.push(text.slice(start, i));
    if (c === '\r' && text[i + 1] === '\n') i++;
    start = i + 1;
  }
  return { lines, afterCR: text.endsWith('\r') };
}

/** The next line the engine reads, or null when the bot has written none. */
export function readLine(out: OutputLines): { line: string | null; rest: OutputLines } {
  if (out.lines.length === 0) return { line: null, rest: out };
  return { line: out.lines[0]!, rest: { lines: out.lines.slice(1), afterCR: out.afterCR } };
}

/** java.lang.String.trim: drops every character up to U+0020 (spaces and control characters) at both ends. */
export function javaTrim(s: string): string {
  let a = 0;
  let b = s.length;
  while (a < b && s.charCodeAt(a) <= 0x20) a++;
  while (b > a && s.charCodeAt(b - 1) <= 0x20) b--;
  return s.slice(a, b);
}

/**
 * The handshake as the engine reads it: lines up to the first one that
 * trims to `expect`, which are dropped, and what follows, kept for the
 * turns; null if no line is `expect`.
 */
export function readHandshake(answer: string, expect: string): OutputLines | null {
  const out = appendAnswer(NO_OUTPUT, answer);
  const at = out.lines.findIndex((l) => javaTrim(l) === expect);
  return at < 0 ? null : { lines: out.lines.slice(at + 1), afterCR: out.afterCR };
}
