import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// Builds only the table bench page (no PWA, no app shell) into the directory the bench passes in.
export default defineConfig({
  root: new URL('.', import.meta.url).pathname,
  base: './',
  plugins: [react()],
  logLevel: 'warn',
  build: { outDir: process.env.TABLE_BENCH_OUT ?? 'dist', emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 2000 },
});
