// The hosted games: one line per game folder. Listed statically so every runtime (Workers too) bundles them.
export { default as icy } from './icy/module.js';
export { default as ants } from './ants/module.js';
export { default as blockdrop } from './blockdrop/module.js';
export { default as capture } from './capture/module.js';
