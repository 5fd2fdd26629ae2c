/**
 * What the Nest server hands every loader and action: `createRequestHandler({ build, getLoadContext })`.
 * Under `remix vite:dev` the context is empty and env.server.ts falls back to CAR_API_URL.
 */
declare module '@remix-run/node' {
  interface AppLoadContext {
    /** Base URL of the JSON API, e.g. `http://127.0.0.1:3000/car/api` (no trailing slash needed). */
    apiBase?: string;
    /** The browser's address as the web server saw it; forwarded so the API's login throttle counts per client. */
    clientAddress?: string;
    /** This request's Content-Security-Policy nonce: entry.server.tsx gives it to Remix's inline scripts. */
    cspNonce?: string;
  }

  interface Future {
    v3_singleFetch: true;
  }
}

export {};
