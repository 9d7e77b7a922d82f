// The development server's entry (index.html): it serves the app's source and prerenders nothing,
// so the app starts at once. A built page runs its page script instead (src/app/page-script.ts,
// put in its head by the prerenderer), and this module stays empty.
if (import.meta.env.DEV) void import('./entry-client')
