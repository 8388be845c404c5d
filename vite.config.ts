import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The web app lives in web/; `npm run build` writes dist/web, which the server serves.
export default defineConfig({
  root: 'web',
  plugins: [react()],
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    chunkSizeWarningLimit: 700,
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
});
