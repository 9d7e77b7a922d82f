import { howItWorksMachine } from '../../../../machines/how-it-works.machine'
import { watchMotion } from '../../../lib/motion'

/** The steps' machine with its browser effect (the reduced-motion preference). */
export const howItWorksLogic = howItWorksMachine.provide({ actors: { watchMotion } })
