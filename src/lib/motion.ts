import { fromCallback } from 'xstate'
import { reducedMotion } from '../styles/theme.css'

export type MotionEvent = { type: 'motion.reduced' } | { type: 'motion.allowed' }

/** Reports the user's motion preference at once and whenever it changes. */
export const watchMotion = fromCallback<MotionEvent>(({ sendBack }) => {
  if (typeof window.matchMedia !== 'function') {
    sendBack({ type: 'motion.allowed' })
    return () => {}
  }
  const query = window.matchMedia(reducedMotion)
  const report = () => sendBack({ type: query.matches ? 'motion.reduced' : 'motion.allowed' })
  report()
  query.addEventListener('change', report)
  return () => query.removeEventListener('change', report)
})
