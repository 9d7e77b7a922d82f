import type { IconNode } from 'lucide'
import type { SVGProps } from 'react'

export type { IconNode }

interface IconProps extends Omit<SVGProps<SVGSVGElement>, 'children'> {
  /** A Lucide icon's drawing (`import { Menu } from 'lucide'`). */
  icon: IconNode
  size?: number
}

/** A Lucide icon as inline SVG, drawn in the current text colour. Decorative unless labelled. */
export function IconSvg({ icon, size = 24, strokeWidth = 2, ...rest }: IconProps) {
  const labelled = rest['aria-label'] !== undefined || rest['aria-labelledby'] !== undefined
  return (
    // biome-ignore lint/a11y/noSvgWithoutTitle: decorative (aria-hidden) unless the caller labels it
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden={labelled ? undefined : true}
      {...rest}
    >
      {icon.map(([Tag, attributes], index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed drawing, never reordered
        <Tag key={index} {...attributes} />
      ))}
    </svg>
  )
}
