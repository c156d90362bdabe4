import { createMemoryStores } from '../../../src/store/memory/stores.js';
import { describeStoreContract } from './describe-store-contract.js';

// The in-memory backend (STORE=memory).
describeStoreContract('memory', async () => ({ stores: createMemoryStores(), close: async () => undefined }));
