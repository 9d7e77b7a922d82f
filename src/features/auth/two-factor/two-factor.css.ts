import { style } from '@vanilla-extract/css'
import { vars } from '../../../styles/theme.css'

// Kept small: every page's stylesheet carries these rules.

export const qr = style({ display: 'block', maxWidth: '100%', height: 'auto', border: `1px solid ${vars.color.border}` })

/** The secret, grouped as apps show it; it wraps rather than widen a narrow screen. */
export const secret = style({ fontFamily: 'ui-monospace, monospace', overflowWrap: 'anywhere' })

/** Long labels ("Slå på totrinnsbekreftelse") wrap on a narrow phone instead of widening the card. */
export const wrap = style({ whiteSpace: 'normal' })
