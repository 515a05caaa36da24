import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    sequence: { groupOrder: 1 },
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    // Two files at a time (the default leaves one of a 2-core runner's cores idle).
    maxWorkers: 2,
    // Screen tests type into real forms with user-event, which is slow on a loaded 2-core runner.
    testTimeout: 20_000,
  },
});
