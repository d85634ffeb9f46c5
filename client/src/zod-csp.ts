import { config } from 'zod';

// zod 4 compiles object parsers with `new Function` when it can, and the pages' Content-Security-
// Policy (script-src 'self', no 'unsafe-eval') refuses that: zod falls back by itself, but the
// browser reports a CSP violation on every page that parses (Lighthouse best practices 96 on /sell).
// Parsing without the compiler is what the browser ends up doing anyway. Imported by the client
// modules that parse with zod, before their first parse; the server keeps the compiled parsers.
config({ jitless: true });
