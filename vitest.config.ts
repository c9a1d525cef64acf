import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Three tiers: pure rules and services (unit), the HTTP API on a real database (api: PGlite by
// default, PostgreSQL when TEST_DATABASE_URL is set), and React components in happy-dom (web).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['common/**/*.test.ts', 'server/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: ['**/*.api.test.ts', '**/node_modules/**'],
        },
      },
      {
        test: {
          name: 'api',
          environment: 'node',
          include: ['server/**/*.api.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          environment: 'happy-dom',
          include: ['web/**/*.test.{ts,tsx}'],
          setupFiles: ['web/test-setup.ts'],
        },
      },
    ],
  },
});
