import type { StoreBackend } from './backend.js';
import { embeddedBackend } from './embedded/backend.js';
import { PORTABLE_BACKENDS } from './registry.js';

/** The storage backends of Node (the local server, the CLI, Lambda's Node): the portable ones and the embedded local servers. */
export const NODE_BACKENDS: readonly StoreBackend[] = [...PORTABLE_BACKENDS, embeddedBackend];
