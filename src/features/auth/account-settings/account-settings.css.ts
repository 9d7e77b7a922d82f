import { style } from '@vanilla-extract/css'

/** A button whose label may take two lines on a narrow phone, rather than widen the card. */
export const wrappingButton = style({ whiteSpace: 'normal', textAlign: 'center', maxWidth: '100%' })

