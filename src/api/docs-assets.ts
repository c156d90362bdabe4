import scalar from '../../build/docs/scalar.js';

// What /docs loads, all from this origin: Scalar's standalone reference (built into every bundle by
// scripts/docs-assets.mjs, gzip compressed) and the few lines that start it on /openapi.json.

/** Where the assets are served. */
export const DOCS_ASSETS = '/docs/assets/';

/** The reference's bundle: its path (named by its content's hash), its integrity value, its origin. */
export const SCALAR_BUNDLE = {
  path: `${DOCS_ASSETS}${scalar.file}`,
  integrity: scalar.integrity,
  package: scalar.package,
  version: scalar.version,
  /** Bytes, uncompressed. */
  size: scalar.size,
} as const;

/**
 * Scalar's settings: the document on this origin, and nothing that reaches another one (no font
 * host, no telemetry, no AI agent, no MCP generator, no hosted developer tools). The page's policy
 * would block those requests anyway; switched off, they are not tried.
 */
export const SCALAR_CONFIGURATION = {
  url: '/openapi.json',
  withDefaultFonts: false,
  telemetry: false,
  agent: { disabled: true },
  mcp: { disabled: true },
  showDeveloperTools: 'never',
} as const;

/** The start-up script: the page runs no inline script, so this is a file of its own. */
export const START_SCRIPT = `// Starts the API reference (Scalar, loaded just before) on this service's OpenAPI document.
Scalar.createApiReference('#app', ${JSON.stringify(SCALAR_CONFIGURATION)});
`;
export const START_PATH = `${DOCS_ASSETS}start.js`;

let gzipped: Uint8Array<ArrayBuffer> | undefined;
/** The bundle's gzip bytes, decoded from base64 on first use and kept. */
function scalarGzip(): Uint8Array<ArrayBuffer> {
  if (!gzipped) {
    const text = atob(scalar.gzip);
    const bytes = new Uint8Array(text.length);
    for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
    gzipped = bytes;
  }
  return gzipped;
}

const JS = 'text/javascript; charset=utf-8';

/**
 * The answer to GET /docs/assets/<name>, or null if there is no such asset. The bundle goes as
 * stored (Content-Encoding: gzip) to a client that accepts gzip, as every browser does; to one that
 * does not, it is decompressed on the way. Its name changes with its content: cached for good.
 */
export function docsAsset(name: string, acceptEncoding: string | undefined): Response | null {
  if (`${DOCS_ASSETS}${name}` === START_PATH) {
    return new Response(START_SCRIPT, { headers: { 'Content-Type': JS, 'Cache-Control': 'public, max-age=300' } });
  }
  if (name !== scalar.file) return null;
  const headers = {
    'Content-Type': JS,
    'Cache-Control': 'public, max-age=31536000, immutable',
    Vary: 'Accept-Encoding',
  };
  const bytes = scalarGzip();
  if (acceptsGzip(acceptEncoding)) {
    // encodeBody 'manual' tells Workers the body is already encoded (other runtimes ignore it).
    return new Response(bytes, {
      headers: { ...headers, 'Content-Encoding': 'gzip' },
      encodeBody: 'manual',
    } as ResponseInit);
  }
  const plain = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'));
  return new Response(plain, { headers });
}

/** Whether an Accept-Encoding header takes gzip (named, or `*`, with a quality above 0). */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  for (const part of header.split(',')) {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    if (coding !== 'gzip' && coding !== 'x-gzip' && coding !== '*') continue;
    const q = params.map((p) => /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    return q === undefined || Number(q) > 0;
  }
  return false;
}
