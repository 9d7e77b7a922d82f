import { type ReactNode, useEffect, useRef } from 'react'
import * as styles from './island.css'

/** A part of the page that React hydrates on its own (the page's view under its Suspense
 * boundary, an island): `data-island` names it, and it is marked `data-hydrated` once it has come
 * to life. The mark is set after its children's effects, so its machines run by then: the page's
 * script replays a tap held for this part only after that (src/app/page-script/hold-taps.ts). */
export function HydrationRegion({ name, children }: { name: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (ref.current) ref.current.dataset.hydrated = 'true'
  }, [])
  return (
    <div data-island={name} className={styles.island} ref={ref}>
      {children}
    </div>
  )
}
