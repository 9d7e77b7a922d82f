import type { I18n } from '@lingui/core'
import { fromCallback } from 'xstate'
import type { NavigationEvent } from '../../machines/navigation.machine'
import { titleOf } from './route-views'
import { onLocationChange } from '../lib/location-events'

export const watchRouteForNavigation = fromCallback<NavigationEvent>(({ sendBack }) => {
  // This actor starts once the app has mounted: from here on the page is interactive.
  document.documentElement.dataset.hydrated = 'true'
  return onLocationChange(() => sendBack({ type: 'route.changed', path: location.pathname, hash: location.hash }))
})

export const scrollToTop = () => window.scrollTo({ top: 0, left: 0, behavior: 'instant' })

export const scrollToAnchor = (hash: string) => {
  const target = document.getElementById(decodeURIComponent(hash.slice(1)))
  if (target) target.scrollIntoView()
  else scrollToTop()
}

export const setDocumentTitle = async (i18n: I18n, path: string) => {
  const title = await titleOf(i18n, path)
  // Only if the visitor is still there.
  if (location.pathname === path) document.title = title
}
