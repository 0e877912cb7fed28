import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import rootPackage from '../../package.json' with { type: 'json' };
import { precompress } from './scripts/precompress.ts';

const webRoot = decodeURIComponent(new URL('.', import.meta.url).pathname);

const apiProxy = {
  '/api': { target: 'http://127.0.0.1:8080', ws: true },
};

export default defineConfig({
  root: webRoot,
  plugins: [react(), precompress()],
  define: {
    // The console's own version; the frame compares it with GET /api/version.
    __APP_VERSION__: JSON.stringify(rootPackage.version),
  },
  server: { proxy: apiProxy },
  preview: { proxy: apiProxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 2500,
    rolldownOptions: {
      output: {
        // Screens load lazily (app/routes.tsx); the heavy libraries get chunks of their own, named,
        // fetched only by the screens that draw a map or a chart or check a password (ADR 0078); the
        // spreadsheet reader is a worker of its own already.
        codeSplitting: {
          groups: [
            // Scripts only: MapLibre's CSS is in the first load (main.tsx), and a group holding it
            // would pull the whole library in with it.
            { name: 'maplibre', test: /[\\/]node_modules[\\/](maplibre-gl|pmtiles)[\\/].*\.m?js$/ },
            { name: 'terra-draw', test: /[\\/]node_modules[\\/]terra-draw/ },
            { name: 'uplot', test: /[\\/]node_modules[\\/]uplot[\\/]/ },
            { name: 'password-dictionary', test: /[\\/]node_modules[\\/]@zxcvbn-ts[\\/]/ },
          ],
        },
        // The MapLibre worker is imported as an asset URL (.mjs). Emitting it as .js lets any
        // static server send it with a JavaScript MIME type, which module workers require.
        assetFileNames: (asset) =>
          asset.names.some((name) => name.endsWith('.mjs'))
            ? 'assets/[name]-[hash].js'
            : 'assets/[name]-[hash][extname]',
      },
    },
  },
});
