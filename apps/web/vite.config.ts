import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 800 },
  server: { proxy: { '/api': 'http://127.0.0.1:3000', '/storage': 'http://127.0.0.1:3000' } },
});
