import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The SPA is served on the API's origin; in development, /api goes to the local runtime. */
export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // AG Grid alone is ≈1 MB minified; it lives in the lazy list chunks, never in the first load.
    chunkSizeWarningLimit: 1500,
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } },
  },
});
