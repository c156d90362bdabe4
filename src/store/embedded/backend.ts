import { resolve } from 'node:path';
import { runningEmbeddedStorage, startEmbeddedStorage } from '../../local-aws/embedded.js';
import { openedAws } from '../aws/backend.js';
import { createStores } from '../aws/stores.js';
import type { StoreBackend } from '../backend.js';

/**
 * Node only: the local S3 and DynamoDB servers of src/local-aws in this process, with their
 * data in UMPIRE_DATA_DIR (default .data), and the AWS stores talking to them over the real
 * protocols. A guest (a CLI command) borrows the servers of a local server already running
 * on the folder, if one is (its data can be opened by one process only).
 */
export const embeddedBackend: StoreBackend = {
  name: 'embedded',
  summary: 'local S3 and DynamoDB servers in this process, data in UMPIRE_DATA_DIR (default .data); Node only',
  async open({ env, log, guest }) {
    const dir = env.UMPIRE_DATA_DIR ?? '.data';
    const running = guest ? runningEmbeddedStorage(dir) : null;
    if (running) {
      const opened = openedAws('embedded', createStores(running));
      const borrowed = `embedded storage, data in ${resolve(dir)} (of the server running on it)`;
      return { ...opened, where: [...opened.where, borrowed], prepare: async () => undefined };
    }
    const started = await startEmbeddedStorage(dir, { log });
    // A restarted server takes over at once the jobs its dead predecessor held, not after their leases.
    const stores = createStores(started.config, { orphanedBefore: started.startedAt });
    const opened = openedAws('embedded', stores, () => started.close());
    return { ...opened, where: [...opened.where, `embedded storage, data in ${resolve(dir)}`] };
  },
};
