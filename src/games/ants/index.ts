export * from './brain.js';
export * from './world.js';
export * from './geometry.js';
export * from './random.js';
export * from './state.js';
export * from './round.js';
export * from './snapshot.js';
export * from './game.js';
