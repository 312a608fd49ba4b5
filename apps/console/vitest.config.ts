import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// The `console` suite: the staff console's components in jsdom (listed by the root config).
export default defineConfig({
  plugins: [react()],
  test: {
    name: 'console',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
  },
});
