import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { icuCatalogs } from './icu-catalogs.ts';

export default defineProject({
  plugins: [icuCatalogs(), react()],
  test: {
    name: 'web',
    root: import.meta.dirname,
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'happy-dom',
    setupFiles: ['./vitest.setup.ts'],
  },
});
