/**
 * A bot's text (an error message, a log) made safe to show as text: control
 * characters other than line breaks and tabs become their visible pictures
 * (ESC as ␛), direction overrides become U+FFFD so that they cannot reorder
 * what follows, and a long text is cut with a note of how much is left out.
 * Pages still set it as text, never as markup.
 */
export function shownText(text: string, maxChars: number): string {
  const cut = text.length > maxChars;
  const head = cut ? text.slice(0, maxChars) : text;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this replaces
  const shown = head.replace(/[\u0000-\u0008\u000b-\u001f\u007f\u202a-\u202e\u2066-\u2069]/g, (c) => {
    const code = c.charCodeAt(0);
    if (code < 0x20) return String.fromCharCode(0x2400 + code);
    if (code === 0x7f) return '\u2421';
    return '\ufffd';
  });
  return cut ? `${shown}… (${text.length - maxChars} more characters)` : shown;
}
