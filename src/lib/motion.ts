import { fromCallback } from 'xstate'
import type { MotionEvent } from '../../machines/motion'
import { reducedMotion } from '../styles/theme.css'


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
