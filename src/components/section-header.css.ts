import { globalStyle, style } from '@vanilla-extract/css'

export const centered = style({ textAlign: 'center', marginInline: 'auto', maxWidth: '44rem' })
globalStyle(`${centered} > *`, { marginInline: 'auto' })
