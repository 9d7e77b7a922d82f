import { style } from '@vanilla-extract/css'
import { breakpoints } from '../styles/theme.css'

/** A section that directly follows the page intro on the same background: the intro's bottom
 * padding already separates them. */
export const afterIntro = style({ paddingTop: 0, '@media': { [breakpoints.desktop]: { paddingTop: 0 } } })
