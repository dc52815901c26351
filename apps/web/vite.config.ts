import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compressAssets } from './compress-assets.ts';
import { icuCatalogs } from './icu-catalogs.ts';

export default defineConfig({
  plugins: [icuCatalogs(), react(), compressAssets()],
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 800,
    // Every browser the app supports preloads modules itself (modulepreload: Chrome 66, Firefox 115,
    // Safari 17); the polyfill would only add weight to the entry.
    modulePreload: { polyfill: false },
  },
  server: { proxy: { '/api': 'http://127.0.0.1:3000', '/storage': 'http://127.0.0.1:3000' } },
});
