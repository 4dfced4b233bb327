import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The Nest process serves the built client from dist/client; in development Vite proxies the API.
const server = process.env.API_URL ?? 'http://localhost:3000';

export default defineConfig({
  root: __dirname,
  plugins: [react()],
  build: { outDir: '../dist/client', emptyOutDir: true, chunkSizeWarningLimit: 2000 },
  server: { proxy: { '/node': server, '/download': server } },
});
