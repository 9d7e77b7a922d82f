import { style } from '@vanilla-extract/css'
import { vars } from '../../../styles/theme.css'

export const qr = style({
  display: 'block',
  width: '184px',
  height: '184px',
  maxWidth: '100%',
  background: '#ffffff',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
})

/** The secret, grouped as apps show it; it wraps rather than widen a narrow screen. */
export const secret = style({
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  fontSize: vars.size.sm,
  letterSpacing: '0.05em',
  overflowWrap: 'anywhere',
  background: vars.color.surfaceMuted,
  padding: `${vars.space.s1} ${vars.space.s2}`,
  borderRadius: vars.radius.sm,
})

export const steps = style({ display: 'grid', gap: vars.space.s2, margin: 0, paddingInlineStart: vars.space.s3 })
export const note = style({ fontSize: vars.size.xs, color: vars.color.textMuted })

/** Long labels ("Sett opp en autentiseringsapp") wrap on a narrow phone instead of widening the card. */
export const wrap = style({ whiteSpace: 'normal', textAlign: 'center' })
