/** Debian's Chromium, which every tool here drives (tests, screenshots, benchmarks). */
export const chromiumPath = '/usr/bin/chromium'

/** Flags for a quiet headless browser: no sandbox (root in CI), no GPU, nothing fetched behind the
 * page's back (updates, sync, background requests), which would also skew the benchmarks. */
export const chromiumFlags = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run']
