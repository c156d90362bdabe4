import { configDefaults, defineConfig } from 'vitest/config';
import { generatedSources } from './scripts/generated/vite-plugin.mjs';

// Two tiers. `unit` (test/**/*.unit.test.ts): rules, the sandbox parts that need no built engine,
// service logic in process; no build (build/ and dist/ may be absent), no server, no child process,
// no browser. `full` (every other test/**/*.test.ts): needs `npm run build` first. A test is in the
// unit tier only if its file name says so; `vitest run` runs both, each file once.
const UNIT = 'test/**/*.unit.test.ts';

export default defineConfig({
  test: {
    testTimeout: 30_000,
    globalSetup: ['test/support/temp-root.ts'],
    // Two files at once even on two cores: most files wait on servers and child processes, not the CPU.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        plugins: [generatedSources()],
        // One module graph per worker, not per file: a fifth less CPU. Unit tests leave no global
        // state behind (spies are restored after each test, even a failed one).
        test: { name: 'unit', include: [UNIT], isolate: false, restoreMocks: true },
      },
      {
        extends: true,
        test: { name: 'full', include: ['test/**/*.test.ts'], exclude: [...configDefaults.exclude, UNIT] },
      },
    ],
  },
});
