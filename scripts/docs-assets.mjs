// Build step (run by scripts/prebuild.mjs): the API reference's browser bundle in
// build/docs/scalar.js (scripts/generated/scalar.mjs says how it is made).
import { mkdirSync, writeFileSync } from 'node:fs';
import { SCALAR_DTS, scalarModule } from './generated/scalar.mjs';

const { source, summary } = scalarModule();
mkdirSync('build/docs', { recursive: true });
writeFileSync('build/docs/scalar.js', source);
writeFileSync('build/docs/scalar.d.ts', SCALAR_DTS);
console.log(`build/docs/scalar.js: ${summary}`);
