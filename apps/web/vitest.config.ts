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
    // Screen tests type into real forms with user-event, which is slow on a loaded 2-core runner.
    testTimeout: 20_000,
  },
});
