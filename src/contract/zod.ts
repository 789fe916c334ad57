import { z } from 'zod';

// The app's Content-Security-Policy forbids eval (script-src 'self'). zod compiles fast object
// parsers with `new Function` and probes for it when an object schema is built, which a strict
// CSP reports as a violation even though zod catches the refusal. Every schema in src is built
// from this module, so the setting is in place before the first one, whatever order the bundler
// gives the chunks. On the server (Node, no CSP) the compiled parsers stay on.
const inNode = typeof process !== 'undefined' && typeof process.versions?.node === 'string';
z.config({ jitless: !inNode });

export { z };
