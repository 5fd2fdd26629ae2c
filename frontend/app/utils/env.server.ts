/**
 * The front end's only environment key, read once at boot. In production the Nest server passes
 * `apiBase` in the load context; `remix vite:dev` has no context, so CAR_API_URL (or the default) is used.
 */
import { API_PREFIX } from '@car/contracts';
import type { AppLoadContext } from '@remix-run/node';

const DEFAULT_API_BASE = `http://127.0.0.1:3000${API_PREFIX}`;

function parseApiBase(raw: string | undefined): string {
  const value = raw?.trim() || DEFAULT_API_BASE;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`CAR_API_URL is not a URL: ${value}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`CAR_API_URL must be http(s): ${value}`);
  }
  return value;
}

const fallbackApiBase = parseApiBase(process.env.CAR_API_URL);

/** Base URL of the API without a trailing slash. */
export function apiBaseOf(context: AppLoadContext): string {
  return (context.apiBase || fallbackApiBase).replace(/\/+$/, '');
}
