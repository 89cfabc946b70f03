import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  // PGlite ships WebAssembly and data files that Vite's pre-bundler would break.
  optimizeDeps: { exclude: ['@electric-sql/pglite', 'drizzle-orm'] },
  ssr: { external: ['@electric-sql/pglite', 'sharp', 'pg'] },
  build: { assetsInlineLimit: 0 },
});
