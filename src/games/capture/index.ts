export * from './constants.js';
export * from './state.js';
export * from './setup.js';
export * from './protocol.js';
export * from './play.js';
export * from './result.js';
export * from './game.js';
export * from './sled.js';
