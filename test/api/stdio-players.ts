import { existsSync, readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { expect } from 'vitest';

// Helpers for the suites that upload a compiled stdin/stdout player (C++, Rust) as a player would:
// the raw .wasm file in a multipart form, then matches by its bot id.

/** Nothing when the build made `file`; else why its suite is skipped, for the suite's name. */
export const skipNote = (file: string, toolchain: string) =>
  existsSync(file) ? '' : ` (skipped: ${file} is absent, the build found no ${toolchain}; docs/bots/c-cpp.md)`;

/** `POST /v1/bots` with the file as the form's `bot`, as `curl -F game=… -F bot=@file` sends it. */
export async function uploadRaw(base: string, game: string, file: string): Promise<string> {
  const form = new FormData();
  form.set('game', game);
  form.set('bot', new Blob([readFileSync(file)]), basename(file));
  const r = await fetch(`${base}/v1/bots`, { method: 'POST', body: form });
  const body = await r.json();
  expect(body.error).toBeUndefined();
  expect(r.status).toBe(201);
  expect(body).toMatchObject({ kind: 'wasm', name: basename(file) });
  return body.id as string;
}

/** The match's logs, one string per seat. */
export async function matchLogs(base: string, id: string): Promise<unknown> {
  const r = await fetch(`${base}/v1/matches/${id}/logs`);
  expect(r.status).toBe(200);
  return r.json();
}
