import { howItWorksMachine } from '../../../machines/how-it-works.machine'
import { watchMotion } from '../motion/actors'

/** The steps' machine with its browser effect (the reduced-motion preference). */
export const howItWorksLogic = howItWorksMachine.provide({ actors: { watchMotion } })
