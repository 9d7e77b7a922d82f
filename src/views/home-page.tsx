import { lazyIsland } from '../components/island'
import { HeroCard } from '../features/landing/hero-card/hero-card'
import { Hero } from '../features/landing/hero'

const BelowTheFold = lazyIsland({
  name: 'landing',
  load: () => import('../features/landing/below-the-fold'),
  scope: 'landing',
})

/** The page's title (the document's, and the prerendered head's). */
export default function HomePage() {
  return (
    <>
      <Hero card={<HeroCard />} />
      <BelowTheFold.Component />
    </>
  )
}
