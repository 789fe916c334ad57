import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { fileURLToPath } from 'node:url';
import type { ChunkingContext } from 'rolldown';

const ENTRY = fileURLToPath(new URL('./src/app/main.tsx', import.meta.url));
let entryGraph: Set<string> | null = null;

/** Every module the entry imports, directly or not, without a dynamic import() on the way. */
function staticGraphOfEntry(ctx: ChunkingContext): Set<string> {
  if (entryGraph) return entryGraph;
  // another build (the service worker's) has no such entry: nothing to group, nothing kept
  if (!ctx.getModuleInfo(ENTRY)) return new Set();
  const seen = new Set<string>();
  const todo = [ENTRY];
  while (todo.length > 0) {
    const id = todo.pop() as string;
    if (seen.has(id)) continue;
    const info = ctx.getModuleInfo(id);
    if (!info) continue;
    seen.add(id);
    todo.push(...info.importedIds);
  }
  entryGraph = seen;
  return seen;
}

// The app is served by the api/v1 server on one port; in `npm run dev` Vite proxies /api to it.
export default defineConfig({
  plugins: [
    react(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,ico,woff2}'],
        maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
      },
      manifest: {
        name: 'campus-desk 校区教务后台',
        short_name: '校区后台',
        description: '多校区教育培训机构后台：招生、排课、考勤、订单与财务',
        lang: 'zh-CN',
        start_url: './',
        scope: './',
        display: 'standalone',
        background_color: '#ffffff',
        theme_color: '#1c7ed6',
        icons: [
          { src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: 'icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
    }),
  ],
  build: {
    outDir: 'dist',
    // The entry's code in one chunk: split by what lazy screens share, it was ~25 files, each a
    // request to the service worker and a module to instantiate before the quick desk's roster on
    // an offline cold start (issue 11). Lazy chunks are split as before.
    rolldownOptions: {
      // React Query and the icons stay out should the entry import them again (it once used
      // onlineManager and three icons): their indexes import every part, which the screens share
      output: { codeSplitting: { groups: [{ name: (id: string, ctx: ChunkingContext) => (staticGraphOfEntry(ctx).has(id) && !/\/node_modules\/@(tanstack|tabler)\//.test(id) ? 'entry' : null) }] } },
    },
    sourcemap: false,
    chunkSizeWarningLimit: 900,
    // No <link rel=modulepreload> per dependency of a lazy chunk (the entry's, in index.html, stay): the browser finds a chunk's imports
    // itself (from the service worker's cache, no network), while appending ~70 links one by one before
    // the layout's chunk was about a fifth of an offline cold start's main-thread time (issue 11). A
    // lazy chunk's stylesheets are still added by the preload helper. The quick desk's live part
    // (Dexie and the roster's store) has its few preloaded at once: found import by import, they
    // took a round each.
    modulePreload: { resolveDependencies: (file, deps, { hostType }) => (hostType === 'html' || /(^|\/)quickDeskLive-/.test(file) ? deps : []) },
  },
  server: { proxy: { '/api': 'http://127.0.0.1:8080' } },
});
