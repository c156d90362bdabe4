/**
 * The compiled match worker for code run from dist/ or, under vitest, from
 * src/ (a worker thread needs JS): both are three levels below the root.
 * The esbuild bundle of the server passes its own (dist/functions/match-worker.js).
 */
export const COMPILED_MATCH_WORKER = new URL('../../../dist/match/pool/match-worker.js', import.meta.url);
