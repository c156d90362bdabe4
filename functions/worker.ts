// Cloudflare Workers: storage from the S3_*/DYNAMODB_* vars and AWS_* secrets (wrangler.toml), or STORE;
// WebAssembly bots run in Worker Loader isolates (LOADER); rounds' matches go through a
// Cloudflare Queue (MATCHES) that this Worker also consumes. The parts are src/runtimes/workers/.
// Workers cannot compile WebAssembly at run time: the engines are imported here, for the bundler.
import quickjs from '../build/quickjs-metered.wasm';
import micropython from '../build/micropython-metered.wasm';
import micropythonBridge from '../build/micropython-bridge.wasm';
import depthAccess from '../build/wasm-depth-access.wasm';
import harnessSource from '../build/wasm-harness-source.js';
import { workerHandlers } from '../src/runtimes/workers/worker.js';

export default workerHandlers({
  engines: {
    'quickjs-metered.wasm': quickjs,
    'micropython-metered.wasm': micropython,
    'micropython-bridge.wasm': micropythonBridge,
    'wasm-depth-access.wasm': depthAccess,
  },
  harnessSource,
});
