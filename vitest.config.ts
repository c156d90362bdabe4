import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    // Two files at once even on two cores: most files wait on servers and child processes, not the CPU.
    maxWorkers: 2,
  },
});
