import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';
import { constants } from 'node:zlib';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

/** The <head> of every page of the client (index.html, public.html, landing.html, dashboard.html), written once. */
const HEAD = `<meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <meta name="description" content="Atende — todos os seus canais de atendimento em uma caixa de entrada." />
    <title>Atende</title>`;

/** Puts HEAD where a page says <!--atende:head-->. */
function sharedHead(): Plugin {
  return {
    name: 'atende-shared-head',
    transformIndexHtml: { order: 'pre', handler: (html) => html.replace('<!--atende:head-->', HEAD) },
  };
}

// The gateway serves the built app (dist/) in `npm start`; `npm run dev -w @atende/web` proxies the
// API to a running gateway instead.
export default defineConfig({
  // Brotli and gzip copies made once at build, next to each file: the gateway sends the one the
  // browser accepts (the entry script goes out at about a quarter of its size).
  plugins: [
    sharedHead(),
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
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // Every browser the product supports preloads modules itself: no polyfill in the entry.
    modulePreload: {
      polyfill: false,
      // The landing and dashboard pages' stylesheet is inlined in their pre-rendered HTML
      // (build/prerender.mjs, app-pages.mjs): their app, loaded after the first paint, must not add
      // the same 100 KB of CSS again.
      resolveDependencies: (_file, deps, { hostId }) =>
        /(^|\/)(landing|dashboard)-[\w-]+\.js$/.test(hostId)
          ? deps.filter((dep) => !dep.endsWith('.css'))
          : deps,
    },
    // Four entries: the whole app (index.html), the login and sign-up pages' small one (public.html),
    // the pre-rendered landing page's (landing.html) and the pre-rendered dashboard's (dashboard.html,
    // which starts the whole app after its first paint); the gateway picks by path from dist/pages.json.
    rolldownOptions: {
      input: {
        index: 'index.html',
        public: 'public.html',
        landing: 'landing.html',
        dashboard: 'dashboard.html',
      },
      // Vite's preload helper in a chunk of its own: else it lands in the shared React chunk, which the
      // landing page's entry would then import before its first paint.
      output: {
        codeSplitting: {
          groups: [
            { name: 'preload-helper', test: /vite\/preload-helper/ },
            // The icons in one chunk rather than one request each (≈20 on a first dashboard load).
            { name: 'icons', test: /node_modules\/lucide-react\// },
            // The small shared pieces (dialogs, fields, the API client) together, for the same reason.
            { name: 'ui', test: /\/src\/(ui|api)\// },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': 'http://localhost:3000',
      '/socket.io': { target: 'http://localhost:3000', ws: true },
    },
  },
});
