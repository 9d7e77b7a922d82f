import { style } from '@vanilla-extract/css'
import { vars } from '../styles/theme.css'

export const note = style({ fontSize: vars.size.xs, lineHeight: vars.lineHeight.body, color: vars.color.textMuted, margin: 0 })
