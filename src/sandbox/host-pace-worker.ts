// A thread that measures the host's slowness (host-pace.ts) and posts it to its parent: the CLI
// starts it before loading itself, so the measurement runs beside the start-up instead of after it.
import { parentPort } from 'node:worker_threads';
import { hostSlowness } from './host-pace.js';
import { nodeQuickJSModule } from './node-sources.js';

parentPort?.postMessage(await hostSlowness(nodeQuickJSModule));
