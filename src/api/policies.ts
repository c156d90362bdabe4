// The Content-Security-Policy of each kind of answer. Pages load their one script and stylesheet
// from this origin (/assets/) and run nothing inline; the replay viewers inline their script and
// styles, allowed by their hashes; /docs loads Scalar's reference from this origin (/docs/assets/).

/** The web pages: their own script and stylesheet, the viewer in a frame of this origin, no framing by others. */
export const PAGE_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "frame-src 'self'",
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** Answers that are no page (JSON, replays, downloads): nothing runs if a browser opens one. */
export const NON_PAGE_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** What a page inlines, as CSP hash sources: its scripts, its style elements, its style attributes. */
export interface InlineHashes {
  readonly scripts: readonly string[];
  readonly styles: readonly string[];
  readonly styleAttributes: readonly string[];
}

const SCRIPT_ELEMENT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const STYLE_ELEMENT = /<style\b[^>]*>([\s\S]*?)<\/style\s*>/gi;
const STYLE_ATTRIBUTE = /\sstyle="([^"&]*)"/gi;
/** A script element the browser runs: no type, or a JavaScript type (a JSON data block is not run). */
const RUNS = (attributes: string) => {
  const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase();
  return type === undefined || type === 'text/javascript' || type === 'module';
};

/**
 * The hashes of what a page of ours inlines (a page made by our own templates, whose scripts end at
 * their first `</script`). Style elements and attributes are looked for outside the scripts only.
 */
export async function inlineHashes(html: string): Promise<InlineHashes> {
  const scripts: string[] = [];
  for (const m of html.matchAll(SCRIPT_ELEMENT)) if (!/\bsrc\s*=/i.test(m[1]!) && RUNS(m[1]!)) scripts.push(m[2]!);
  const outside = html.replace(SCRIPT_ELEMENT, '');
  const styles = [...outside.matchAll(STYLE_ELEMENT)].map((m) => m[1]!);
  const withoutStyles = outside.replace(STYLE_ELEMENT, '');
  const attributes = [...new Set([...withoutStyles.matchAll(STYLE_ATTRIBUTE)].map((m) => m[1]!))];
  const hash = (texts: string[]) => Promise.all(texts.map(sha256Source));
  return { scripts: await hash(scripts), styles: await hash(styles), styleAttributes: await hash(attributes) };
}

async function sha256Source(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  let binary = '';
  for (const b of digest) binary += String.fromCharCode(b);
  return `'sha256-${btoa(binary)}'`;
}

/**
 * A replay viewer: its inline script and styles by hash, the replay fetched from this origin. The
 * embedded viewer (no owner actions) may be framed by this origin's pages; the full one by none.
 */
export function viewerPolicy(h: InlineHashes, embed: boolean): string {
  const none = (list: readonly string[]) => (list.length ? list.join(' ') : "'none'");
  return [
    "default-src 'none'",
    `script-src ${none(h.scripts)}`,
    `style-src ${none(h.styles)}`,
    ...(h.styleAttributes.length ? [`style-src-attr 'unsafe-hashes' ${h.styleAttributes.join(' ')}`] : []),
    "img-src 'self' data:",
    "connect-src 'self'",
    "form-action 'none'",
    "base-uri 'none'",
    `frame-ancestors ${embed ? "'self'" : "'none'"}`,
  ].join('; ');
}

/**
 * /docs: Scalar's reference, its bundle and start-up script from this origin (/docs/assets/); no
 * inline script, no eval (the bundle's zod tries `Function('')` once to see whether it may compile
 * parsers, is refused, and parses without). It styles itself at run time, with style elements its
 * components render and style attributes, so styles may be inline: a style can run no script, and
 * it can reach no other site either (fonts and images from this origin only). It reads
 * /openapi.json and sends its "try it" requests to this origin only.
 */
export const DOCS_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "font-src 'self' data:",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');
