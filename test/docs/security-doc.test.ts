import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../src/api/app.js';
import { DEFAULT_BODY_BYTES } from '../../src/api/limits.js';
import { viewerPolicy } from '../../src/api/policies.js';
import { MAX_ID_CHARS } from '../../src/api/schemas.js';
import { nodeListenFromEnv, platformSiteFromEnv } from '../../src/api/site.js';
import { BODY_SHAPE } from '../../src/core/bounded-body.js';
// @ts-expect-error a doc script in plain JavaScript, without declarations
import { FILE, securityPage, securityTables } from '../../scripts/security-doc.mjs';

describe('docs/security.md', () => {
  it('has the tables scripts/security-doc.mjs makes from what the code answers', async () => {
    const page = readFileSync(FILE, 'utf8');
    const tables = await securityTables({
      createApp,
      nodeListenFromEnv,
      platformSiteFromEnv,
      viewerPolicy,
      BODY_SHAPE,
      MAX_ID_CHARS,
      DEFAULT_BODY_BYTES,
    });
    expect(securityPage(page, tables)).toBe(page);
  });
});
