import { type StripProblem, stripperName, stripTypes } from './strip-types.js';

/**
 * What a TypeScript bot is stored as: the player's source, the JavaScript
 * that runs (stripped once, at upload) and the stripper that made it, as one
 * JSON document. A stored bot runs the JavaScript it was stored with, so a
 * newer stripper never changes how an old bot plays.
 */
export interface StoredTypeScript {
  readonly format: typeof FORMAT;
  readonly stripper: string;
  readonly typescript: string;
  readonly javascript: string;
}

const FORMAT = 'umpire-typescript-1';

/** A TypeScript source as its stored document, or why it cannot be stripped. */
export function storedTypeScript(source: string, file: string): { document: string } | { problem: StripProblem } {
  const stripped = stripTypes(source, file);
  if ('problem' in stripped) return stripped;
  const doc: StoredTypeScript = {
    format: FORMAT,
    stripper: stripperName(),
    typescript: source,
    javascript: stripped.javascript,
  };
  return { document: JSON.stringify(doc) };
}

/**
 * The stored document a text is, or null for a TypeScript source (a bot sent
 * inline with a match). No TypeScript source starts as the document does:
 * `{"format":` would be a block whose first statement is a string and a colon.
 */
export function readStoredTypeScript(text: string): StoredTypeScript | null {
  if (!text.startsWith(`{"format":"${FORMAT}"`)) return null;
  try {
    const doc = JSON.parse(text) as Partial<StoredTypeScript>;
    return typeof doc.javascript === 'string' && typeof doc.typescript === 'string' && typeof doc.stripper === 'string'
      ? (doc as StoredTypeScript)
      : null;
  } catch {
    return null;
  }
}
