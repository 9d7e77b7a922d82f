import { render } from '@testing-library/react'
import { Check } from 'lucide'
import { describe, expect, it } from 'vitest'
import { IconSvg } from '../../src/components/icon'

describe('IconSvg', () => {
  it('draws the icon, decorative by default', () => {
    const { container } = render(<IconSvg icon={Check} size={18} strokeWidth={1.75} />)
    const svg = container.querySelector('svg')!
    expect(svg).toHaveAttribute('aria-hidden', 'true')
    expect(svg).toHaveAttribute('width', '18')
    expect(svg).toHaveAttribute('stroke-width', '1.75')
    expect(svg.children).toHaveLength(Check.length)
  })

  it('is announced when labelled', () => {
    const { getByRole } = render(<IconSvg icon={Check} aria-label="Done" role="img" />)
    expect(getByRole('img', { name: 'Done' })).not.toHaveAttribute('aria-hidden')
  })
})
