/** "2025" or "2025–2026": from the year the site was first published to the year it was built. */
export const copyrightYears = (first: number, built: number) => (built > first ? `${first}–${built}` : String(first))

/** The footer's years: the build year comes from vite.config.ts, which the prerendered pages and
 * the client bundle share. */
export const siteCopyrightYears = copyrightYears(2025, Number(import.meta.env.VITE_BUILD_YEAR))
