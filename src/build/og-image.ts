import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Resvg } from '@resvg/resvg-js'
import decompressWoff2 from 'wawoff2/decompress.js'
import type { Lang } from '../i18n/lang'
import { rootDir } from './site'

/** The size LinkedIn shows a shared link's image at (and what head.ts announces). */
export const OG_WIDTH = 1200
export const OG_HEIGHT = 627

// resvg 2.6 draws a variable font at its default instance (weight 400), so heavier text is drawn
// with a stroke of its own colour.
// The brand's own typeface, the file the site self-hosts (latin subset, variable weight).
const fontFile = path.join(rootDir, 'node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2')

interface OgText {
  headline: [string, string]
  subline: string
  claims: string
}

const texts: Record<Lang, OgText> = {
  nb: {
    headline: ['Kvalifiserte B2B-leads', 'fra LinkedIn, hver uke'],
    subline: 'LinkedIn-vekst for B2B, gjort for deg: innhold, oppsøkende dialog og leads.',
    claims: 'GDPR-kompatibel  ·  EU-hosting  ·  Ingen bindingstid',
  },
  en: {
    headline: ['Qualified B2B leads from', 'LinkedIn, every week'],
    subline: 'Done-for-you LinkedIn growth for B2B: content, outreach and qualified leads.',
    claims: 'GDPR compliant  ·  EU hosting  ·  No binding period',
  },
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/** The share image as SVG: brand colours, the logo mark, the headline. */
export function ogSvg(lang: Lang): string {
  const text = texts[lang]
  const [first, second] = text.headline.map(escapeXml)
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${OG_WIDTH}" height="${OG_HEIGHT}" viewBox="0 0 ${OG_WIDTH} ${OG_HEIGHT}">
  <defs>
    <radialGradient id="glow" cx="0.85" cy="0.1" r="0.75">
      <stop offset="0" stop-color="#7c70ff" stop-opacity="0.55"/>
      <stop offset="1" stop-color="#0f1020" stop-opacity="0"/>
    </radialGradient>
    <linearGradient id="line" x1="0" x2="1" y1="0" y2="0">
      <stop offset="0" stop-color="#7c70ff" stop-opacity="0.2"/>
      <stop offset="1" stop-color="#a99fff"/>
    </linearGradient>
  </defs>
  <rect width="${OG_WIDTH}" height="${OG_HEIGHT}" fill="#0f1020"/>
  <rect width="${OG_WIDTH}" height="${OG_HEIGHT}" fill="url(#glow)"/>
  <path d="M940 300 L982 276 L1020 288 L1062 214 L1096 228 L1130 150" fill="none" stroke="url(#line)" stroke-width="6" stroke-linecap="round" stroke-linejoin="round"/>
  <circle cx="1130" cy="150" r="10" fill="#a99fff"/>
  <g transform="translate(80 72)">
    <rect width="64" height="64" rx="18" fill="#4b3fd8"/>
    <path d="M16 43 L27 32 L35 39 L48 22" fill="none" stroke="#fff" stroke-width="5.2" stroke-linecap="round" stroke-linejoin="round"/>
    <circle cx="48" cy="22" r="4.4" fill="#fff"/>
    <text x="84" y="44" font-family="Inter Variable" font-size="34" font-weight="700" fill="#f4f4fa" stroke="#f4f4fa" stroke-width="1.1" stroke-linejoin="round" letter-spacing="-0.3">Vekstlinje</text>
  </g>
  <text font-family="Inter Variable" font-size="72" font-weight="700" fill="#ffffff" stroke="#ffffff" stroke-width="2.6" stroke-linejoin="round" letter-spacing="-1.2">
    <tspan x="80" y="286">${first}</tspan>
    <tspan x="80" y="370">${second}</tspan>
  </text>
  <text x="80" y="440" font-family="Inter Variable" font-size="28" font-weight="400" fill="#b9bad0">${escapeXml(text.subline)}</text>
  <rect x="80" y="500" width="${OG_WIDTH - 160}" height="1" fill="#2a2b45"/>
  <text x="80" y="556" font-family="Inter Variable" font-size="24" font-weight="600" fill="#d9d6ff" stroke="#d9d6ff" stroke-width="0.6" stroke-linejoin="round">${escapeXml(text.claims)}</text>
  <text x="${OG_WIDTH - 80}" y="556" text-anchor="end" font-family="Inter Variable" font-size="24" font-weight="500" fill="#b9bad0">vekstlinje.no</text>
</svg>`
}

/** Renders one share image per language to `dist/og/<lang>.png` (1200×627). */
export async function writeOgImages(distDir: string): Promise<void> {
  // resvg reads TrueType, not WOFF2: decode the site's font file once into a temporary TTF.
  const fontDir = await mkdtemp(path.join(tmpdir(), 'vekstlinje-og-'))
  const ttf = path.join(fontDir, 'inter-latin-wght-normal.ttf')
  await writeFile(ttf, await decompressWoff2(await readFile(fontFile)))
  await mkdir(path.join(distDir, 'og'), { recursive: true })
  for (const lang of Object.keys(texts) as Lang[]) {
    const resvg = new Resvg(ogSvg(lang), {
      fitTo: { mode: 'width', value: OG_WIDTH },
      font: { fontFiles: [ttf], loadSystemFonts: false, defaultFontFamily: 'Inter Variable' },
    })
    await writeFile(path.join(distDir, 'og', `${lang}.png`), resvg.render().asPng())
  }
  await rm(fontDir, { recursive: true, force: true })
}
