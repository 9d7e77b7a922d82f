// What a public page may cost in JavaScript (gzip, KiB), held by `npm run bench:size` (measured in
// Chromium) and by `npm test` (tests/build/fast-pages.test.ts, read from the built files).
//
// A public page is its prerendered HTML until the visitor shows up: before anyone interacts it runs
// only its page script (src/app/page-script/), unless its record starts it at once (`startsAtOnce`,
// the page an auth e-mail's link opens). At the visitor's first sign of life the app starts: the
// page's modules load and the page hydrates.

const kib = 1024

/** Before anyone interacts: the page script alone, or (a page that starts at once) the app's start. */
export const beforeInteractionBudget = (startsAtOnce: boolean) => (startsAtOnce ? 100 : 1) * kib

/** At the visitor's first sign of life: what the app's start loads (a form's schema and bot check,
 * and the parts below the fold, load later, when used or seen). */
export const firstUseBudget = (url: string) => (url === '/' || url === '/en' ? 95 : 113) * kib
