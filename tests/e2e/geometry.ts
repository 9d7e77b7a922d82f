import type { Page } from '@playwright/test'
import { layOutDeferredParts } from '../../src/build/lay-out-deferred'

/** What a person would see wrong on the current page at the current width: sideways scrolling,
 * controls cut off at the edge, covered by something else, overlapping each other or sticking out
 * of the card they sit in, clipped text, focus without a visible ring. One line per problem; none
 * means the page is right. */
export async function layoutProblems(page: Page): Promise<string[]> {
  // Keyboard modality, so that focus() shows the ring as a Tab would.
  await page.keyboard.press('Shift')
  // Until laid out, parts deferred to the viewport hold an estimated size their content overflows.
  await page.evaluate(layOutDeferredParts)
  return page.evaluate(() => {
    const problems: string[] = []
    const width = document.documentElement.clientWidth
    const describe = (el: Element) => {
      const text = (el.getAttribute('aria-label') || el.textContent || (el as HTMLInputElement).name || '').trim().replace(/\s+/g, ' ')
      return `<${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}> "${text.slice(0, 40)}"`
    }
    if (document.documentElement.scrollWidth > width) {
      problems.push(`the page scrolls sideways: ${document.documentElement.scrollWidth} px content in ${width} px`)
    }
    // What a person can see and reach (a bot trap hidden from people and assistive technology is not).
    const controls = [...document.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea')].filter(
      (el) =>
        el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }) &&
        el.getBoundingClientRect().width > 1 &&
        !el.closest('[aria-hidden="true"]'),
    )
    // A ring drawn by the element itself or by a pseudo-element laid over it (a card-sized link).
    const showsRing = (el: Element) =>
      [null, '::after', '::before'].some((pseudo) => {
        const style = getComputedStyle(el, pseudo)
        if (pseudo && style.content === 'none') return false
        return (style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) >= 1) || style.boxShadow !== 'none'
      })
    // Each line box of a control, in page coordinates (a link that wraps has one per line).
    const fragments = controls.map((el) =>
      [...el.getClientRects()].map((r) => ({ left: r.left + scrollX, right: r.right + scrollX, top: r.top + scrollY, bottom: r.bottom + scrollY })),
    )
    for (let i = 0; i < controls.length; i++) {
      for (let j = i + 1; j < controls.length; j++) {
        const a = controls[i]!
        const b = controls[j]!
        if (a.contains(b) || b.contains(a)) continue
        const overlap = fragments[i]!.some((p) =>
          fragments[j]!.some((q) => Math.min(p.right, q.right) - Math.max(p.left, q.left) > 1 && Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top) > 1),
        )
        if (overlap) problems.push(`${describe(a)} and ${describe(b)} overlap`)
      }
    }
    // The nearest ancestor that draws a border: a card, a panel. A control reaching into or past
    // its border has lost the card's padding.
    const framedBy = (el: Element) => {
      for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
        const style = getComputedStyle(up)
        if (Number.parseFloat(style.borderLeftWidth) > 0 && Number.parseFloat(style.borderRightWidth) > 0) return { up, style }
      }
      return null
    }
    for (const el of controls) {
      const frame = framedBy(el)
      if (!frame) continue
      const outer = frame.up.getBoundingClientRect()
      const inner = { left: outer.left + Number.parseFloat(frame.style.borderLeftWidth), right: outer.right - Number.parseFloat(frame.style.borderRightWidth) }
      const box = el.getBoundingClientRect()
      if (box.left < inner.left - 0.5 || box.right > inner.right + 0.5) {
        problems.push(`${describe(el)} sticks out of ${describe(frame.up)}: x ${Math.round(box.left)}–${Math.round(box.right)} in ${Math.round(inner.left)}–${Math.round(inner.right)}`)
      }
    }
    for (const el of controls) {
      el.scrollIntoView({ block: 'center', inline: 'nearest', behavior: 'instant' })
      const box = el.getBoundingClientRect()
      if (box.left < -0.5 || box.right > width + 0.5) {
        problems.push(`${describe(el)} is cut off: x ${Math.round(box.left)}–${Math.round(box.right)} of ${width}`)
      }
      // A link that wraps onto two lines: the centre of its first line.
      const first = el.getClientRects()[0] ?? box
      const x = Math.min(Math.max(first.left + first.width / 2, 0), width - 1)
      const y = first.top + first.height / 2
      if (y >= 0 && y < window.innerHeight) {
        const hit = document.elementFromPoint(x, y)
        if (hit && hit !== el && !el.contains(hit)) {
          problems.push(`${describe(el)} is covered at its centre by ${describe(hit)}`)
        }
      }
      el.focus({ preventScroll: true })
      if (document.activeElement === el) {
        if (!showsRing(el)) problems.push(`${describe(el)} shows no focus ring`)
        el.blur()
      }
    }
    for (const el of document.querySelectorAll<HTMLElement>('body *')) {
      const style = getComputedStyle(el)
      if (!['hidden', 'clip'].includes(style.overflowX) || el.clientWidth <= 1) continue
      if (!el.checkVisibility() || !el.textContent?.trim()) continue
      if (el.scrollWidth > el.clientWidth + 1) problems.push(`${describe(el)} clips its text: ${el.scrollWidth} px in ${el.clientWidth} px`)
    }
    window.scrollTo({ top: 0, behavior: 'instant' })
    return problems
  })
}
