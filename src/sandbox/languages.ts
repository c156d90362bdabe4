// The bot languages: one line per language folder. Listed statically so every runtime (Workers too) bundles them.
export { javascript } from './javascript/language.js';
export { python } from './python/language.js';
export { typescript } from './typescript/language.js';
export { webassembly } from './webassembly/language.js';
