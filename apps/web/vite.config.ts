import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compressAssets } from './compress-assets.ts';
import { icuCatalogs } from './icu-catalogs.ts';

export default defineConfig({
  plugins: [icuCatalogs(), react(), compressAssets()],
  build: { outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 800 },
  server: { proxy: { '/api': 'http://127.0.0.1:3000', '/storage': 'http://127.0.0.1:3000' } },
});
