import { msg } from '@lingui/core/macro'
import { lazyIsland } from '../app/island'
import { HeroCard } from '../features/hero-card/hero-card'
import { Hero } from '../features/landing/hero'

const BelowTheFold = lazyIsland({
  name: 'landing',
  load: () => import('../features/landing/below-the-fold'),
  scope: 'landing',
})

/** The page's title (the document's, and the prerendered head's). */
export const title = msg({ message: 'Vekstlinje – done-for-you LinkedIn growth for B2B', context: 'page title' })

export default function HomePage() {
  return (
    <>
      <Hero card={<HeroCard />} />
      <BelowTheFold.Component />
    </>
  )
}
