import type { StoreBackend } from '../backend.js';
import { createMemoryStores } from './stores.js';

/** Everything in this process's memory: for development and tests; nothing outlives the process. */
export const memoryBackend: StoreBackend = {
  name: 'memory',
  summary: "in this process's memory, lost when it ends; no settings",
  async open() {
    return {
      backend: 'memory',
      stores: createMemoryStores(),
      where: ['storage: in memory (STORE=memory), lost when the process ends'],
      prepare: async () => undefined,
      close: async () => undefined,
    };
  },
};
