import { RemixBrowser } from '@remix-run/react';
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { z } from 'zod';

// Remix's default client entry, with one addition: zod (the contracts' schemas, parsed in the browser too)
// compiles its object parsers with `new Function` when it may, and probes for that even when it may not; the
// pages' Content-Security-Policy allows no eval, so the browser gets zod's interpreter from the start.
z.config({ jitless: true });

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RemixBrowser />
    </StrictMode>,
  );
});
