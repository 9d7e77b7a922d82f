/** What a machine with motion hears of the visitor's reduced-motion preference. */
export type MotionEvent = { type: 'motion.reduced' } | { type: 'motion.allowed' }
