/** Runs in the page (`page.evaluate(layOutDeferredParts)`): parts laid out only near the viewport
 * (`content-visibility: auto`) are laid out now, as a person sees them on getting there. For
 * whatever reads or captures the whole page without scrolling it. */
export function layOutDeferredParts() {
  for (const el of document.querySelectorAll<HTMLElement>('body *')) {
    if (getComputedStyle(el).contentVisibility === 'auto') el.style.contentVisibility = 'visible'
  }
}
