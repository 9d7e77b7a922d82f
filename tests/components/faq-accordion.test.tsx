import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { FaqAccordion } from '../../src/features/faq/faq-accordion'
import { helpFaqs, pricingFaqs } from '../../src/content/faqs'
import { faqEvents, faqLabel, faqMachineWith } from '../machines/faq-accordion.model'
import { testMachinePaths } from '../model/run'
import { renderInApp } from '../render'

const ids = pricingFaqs.map((faq) => faq.id)

function renderFaq(lang: 'nb' | 'en' = 'nb') {
  const user = userEvent.setup()
  const rendered = renderInApp(<FaqAccordion items={pricingFaqs} />, { lang })
  const question = (id: string) => rendered.i18n._(pricingFaqs.find((faq) => faq.id === id)!.question)
  const trigger = (id: string) => screen.getByRole('button', { name: question(id) })
  return { user, ...rendered, question, trigger }
}

testMachinePaths(
  'FAQ accordion view',
  faqMachineWith(ids),
  { events: faqEvents(ids), label: faqLabel },
  {
    start: () => renderFaq(),
    execute: async ({ user, trigger }, event) => {
      if (event.type === 'item.toggle') {
        await user.click(trigger((event as unknown as { id: string }).id))
        return
      }
      const { from } = event as unknown as { from: string }
      trigger(from).focus()
      await user.keyboard('{ArrowDown}')
      expect(trigger(ids[(ids.indexOf(from) + 1) % ids.length]!)).toHaveFocus()
    },
    verify: ({ trigger, question }, planned) => {
      const openId = planned.context.openId as string | null
      for (const id of ids) expect(trigger(id)).toHaveAttribute('aria-expanded', String(id === openId))
      const regions = screen.queryAllByRole('region')
      if (openId) {
        expect(regions).toHaveLength(1)
        expect(regions[0]).toHaveAccessibleName(question(openId))
        expect(regions[0]).toBeVisible()
        expect(trigger(openId)).toHaveAttribute('aria-controls', regions[0]!.id)
      } else expect(regions).toHaveLength(0)
    },
    stop: ({ unmount }) => unmount(),
  },
)

describe('FAQ accordion with the keyboard', () => {
  it('Enter and Space open and close, arrows, Home and End move between questions', async () => {
    const { user, trigger } = renderFaq('en')
    await user.tab()
    expect(trigger(ids[0]!)).toHaveFocus()
    await user.keyboard('{Enter}')
    expect(trigger(ids[0]!)).toHaveAttribute('aria-expanded', 'true')
    await user.keyboard('{ArrowDown}')
    expect(trigger(ids[1]!)).toHaveFocus()
    await user.keyboard(' ')
    expect(trigger(ids[1]!)).toHaveAttribute('aria-expanded', 'true')
    expect(trigger(ids[0]!)).toHaveAttribute('aria-expanded', 'false')
    await user.keyboard('{End}')
    expect(trigger(ids.at(-1)!)).toHaveFocus()
    await user.keyboard('{ArrowDown}')
    expect(trigger(ids[0]!)).toHaveFocus()
    await user.keyboard('{ArrowUp}')
    expect(trigger(ids.at(-1)!)).toHaveFocus()
    await user.keyboard('{Home}')
    expect(trigger(ids[0]!)).toHaveFocus()
    await user.click(trigger(ids[1]!))
    expect(screen.queryAllByRole('region')).toHaveLength(0)
  })

  it('renders the help center questions in both languages', () => {
    for (const lang of ['nb', 'en'] as const) {
      const { unmount, i18n } = renderInApp(<FaqAccordion items={helpFaqs} />, { lang })
      const buttons = within(document.body).getAllByRole('button')
      expect(buttons.map((b) => b.textContent)).toEqual(helpFaqs.map((faq) => i18n._(faq.question)))
      unmount()
    }
  })
})
