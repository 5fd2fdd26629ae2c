import { z } from 'zod';

/**
 * In a browser, zod runs without eval. It compiles object parsers with `new Function` when it may, and its
 * probe for that is reported by the pages' Content-Security-Policy (no 'unsafe-eval') as a violation even
 * though zod catches it. Imported first by index.ts, so it runs before any schema is built; the server keeps
 * the compiled parsers.
 */
if (typeof document !== 'undefined') z.config({ jitless: true });
