import { vitePlugin as remix } from '@remix-run/dev';
import { defineConfig } from 'vite';

export default defineConfig({
  resolve: {
    alias: {
      '~': new URL('./app', import.meta.url).pathname,
      // The contracts workspace from its TypeScript source (ES modules), for the browser and the server bundle alike.
      '@car/contracts': new URL('../contracts/src/index.ts', import.meta.url).pathname,
    },
  },
  plugins: [
    remix({
      // Remix's defaults (build/server/index.js, build/client/); the Nest server mounts them.
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
      },
    }),
  ],
  build: {
    rollupOptions: {
      // Two warnings every build gives and no change of ours can mend: zod's own comments that Rollup cannot place,
      // and the empty client chunk of each resource route (a route with a loader or action and no page). The first
      // start prints one line per phase, not these (issue 43 §1); every other warning still shows.
      onwarn(warning, warn) {
        if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('/node_modules/zod/')) return;
        if (warning.code === 'EMPTY_BUNDLE') return;
        warn(warning);
      },
    },
  },
  ssr: {
    // Bundle semantic-ui-react's ES build into the server too, so the markup rendered on the server comes
    // from the same code that hydrates it in the browser (Node alone would load its CommonJS build).
    noExternal: ['semantic-ui-react'],
  },
});
