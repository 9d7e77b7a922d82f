import { heroCardMachine } from '../../../../machines/hero-card.machine'
import { watchMotion } from '../../../lib/motion'

/** The hero card's machine with its browser effect (the reduced-motion preference). */
export const heroCardLogic = heroCardMachine.provide({ actors: { watchMotion } })
