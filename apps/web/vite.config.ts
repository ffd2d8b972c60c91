import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { constants } from 'node:zlib';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

// The gateway serves the built app (dist/) in `npm start`; `npm run dev -w @atende/web` proxies the
// API to a running gateway instead.
export default defineConfig({
  // Brotli and gzip copies made once at build, next to each file: the gateway sends the one the
  // browser accepts (the entry script goes out at about a quarter of its size).
  plugins: [
    react(),
    tailwindcss(),
    compression({
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
      include: /\.(js|css|html|svg|json)$/,
      threshold: 1024,
    }),
  ],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false },
  server: {
    proxy: {
      '/api': 'http://localhost:3000',
      '/socket.io': { target: 'http://localhost:3000', ws: true },
    },
  },
});
