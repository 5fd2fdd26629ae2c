import { createContext, useContext } from 'react';

/**
 * This request's Content-Security-Policy nonce (the server's `script-src 'nonce-…'`), provided by
 * entry.server.tsx for the inline scripts Remix renders. Empty in the browser, which hides nonces from
 * scripts anyway; the scripts it matters for are the server-rendered ones.
 */
export const NonceContext = createContext('');

export function useNonce(): string {
  return useContext(NonceContext);
}
