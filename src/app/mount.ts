import { type ReactNode, startTransition } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'

/** Puts the app on the page. A prerendered page hydrates, as a transition: in slices that leave the
 * main thread free between them, instead of one long task (Lighthouse saw one of 50–60 ms at 4×
 * slowdown on every page). An empty shell (the development server, the pseudo-locale build)
 * renders. */
export function mount(root: HTMLElement, app: ReactNode) {
  if (root.firstElementChild) {
    startTransition(() => {
      hydrateRoot(root, app)
    })
  } else createRoot(root).render(app)
}
