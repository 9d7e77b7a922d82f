/** Debian's Chromium, which the tools that stand for a visitor's browser drive (screenshots,
 * Lighthouse, the size benchmark) and the end-to-end tests that model a phone. */
export const chromiumPath = '/usr/bin/chromium'

/** Debian's build of Chromium's headless shell: the same engine without the desktop browser around
 * it, which Playwright itself runs for headless tests. The end-to-end suite runs in it: it spends
 * about half the CPU time of the full browser per test (the suite is CPU-bound on two cores). Unlike
 * the full browser, it moves its mouse to the corner of a new page as the page first lays out, which
 * a prerendered page takes as the visitor's first sign of life; the tests of what happens before
 * that run in the full browser (tests/e2e/playwright.config.ts). */
export const headlessShellPath = '/usr/bin/chromium-headless-shell'

/** Flags for a quiet headless browser: no sandbox (root in CI), no GPU, nothing fetched behind the
 * page's back (updates, sync, background requests), which would also skew the benchmarks. */
export const chromiumFlags = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run']
