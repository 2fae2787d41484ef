/**
 * The staff console's build: a single-page application served by the back-office under /admin (lib/console.ts).
 * Hashed assets go to dist/assets (cached for a year); the manifest lists each chunk's static and dynamic imports,
 * which the first-load budget test reads (tests/console/first-load.spec.ts).
 */
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  base: '/admin/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    // The budget is about what a browser downloads first, measured by the test; Vite's own warning is about a
    // single chunk's raw size, which says nothing here.
    chunkSizeWarningLimit: 2000,
  },
});
