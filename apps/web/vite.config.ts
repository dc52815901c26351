import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compressAssets } from './compress-assets.ts';
import { icuCatalogs } from './icu-catalogs.ts';
import { writeRoutePreloads } from './route-preloads.ts';

export default defineConfig({
  plugins: [icuCatalogs(), react(), writeRoutePreloads(), compressAssets()],
  build: {
    outDir: 'dist',
    sourcemap: false,
    // The bundle budgets weigh each route from it, and the build lists each route's chunks from it
    // for the server's modulepreload links (route-preloads.ts).
    manifest: true,
    chunkSizeWarningLimit: 800,
    // One style sheet, linked from the page: the screens' own styles are 6 kB gzip in all, and split
    // per screen each lazy screen's import waited for a style sheet of under 1 kB (a round trip on
    // a slow line) before the screen could render.
    cssCodeSplit: false,
    // Every browser the app supports preloads modules itself (modulepreload: Chrome 66, Firefox 115,
    // Safari 17); the polyfill would only add weight to the entry.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Left to itself the splitter cut the sign-in page into 28 files, most under 1 kB: each one a
        // request (a round trip on a slow line), and gzip shares no dictionary across files.
        codeSplitting: {
          groups: [
            // What the entry imports statically loads with it anyway: one file.
            { name: 'index', tags: ['$initial'] },
            // What every page defers as it starts (the toast layer) and the fields of the sign-in
            // form, which the signed-in screens use too; also the hook that mounts panels after the
            // first paint, shared by the layout and the ticket view (alone it was a file, a request,
            // of 0.3 kB). No screen's own module belongs in a group: the bundle budgets find each
            // route by its screen's chunk.
            {
              name: 'first-screen',
              test: /src[\\/]app[\\/]toasts\.tsx$|src[\\/]lib[\\/]use-after-first-paint\.ts$|node_modules[\\/]@mantine[\\/](notifications|core[\\/]esm[\\/]components[\\/](TextInput|Paper|Image))[\\/]/,
            },
          ],
        },
      },
    },
  },
  server: { proxy: { '/api': 'http://127.0.0.1:3000', '/storage': 'http://127.0.0.1:3000' } },
});
