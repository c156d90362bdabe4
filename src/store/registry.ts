import { awsBackend } from './aws/backend.js';
import type { StoreBackend } from './backend.js';
import { memoryBackend } from './memory/backend.js';

/**
 * The storage backends that run on every runtime (Node, Lambda, Workers): no Node built-ins,
 * no local servers. The Node-only ones are added in registry-node.ts.
 */
export const PORTABLE_BACKENDS: readonly StoreBackend[] = [awsBackend, memoryBackend];
