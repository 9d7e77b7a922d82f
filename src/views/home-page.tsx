import { lazyIsland } from '../app/island'
import { HeroCard } from '../features/hero-card/hero-card'
import { Hero } from '../features/landing/hero'

const BelowTheFold = lazyIsland({
  name: 'landing',
  load: () => import('../features/landing/below-the-fold'),
  scope: 'landing',
})

export default function HomePage() {
  return (
    <>
      <Hero card={<HeroCard />} />
      <BelowTheFold.Component />
    </>
  )
}
