import { z } from 'zod';

// The app's Content-Security-Policy forbids eval (script-src 'self'). zod compiles fast object
// parsers with `new Function` and probes for it once, which a strict CSP reports as a violation
// even though zod catches the refusal: in the browser it runs without compiling. This module is
// imported first, before any schema is created (zod reads the setting when a schema is built).
z.config({ jitless: true });
