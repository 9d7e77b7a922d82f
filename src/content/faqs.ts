import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { company } from './company'

export interface Faq {
  /** Unique on the site; used for element ids. */
  id: string
  question: MessageDescriptor
  answer: MessageDescriptor
}

const [firstCrm, secondCrm] = company.crms

/** The pricing page's questions. The visible accordion and the FAQPage structured data both read this. */
export const pricingFaqs: readonly Faq[] = [
  {
    id: 'software-or-service',
    question: msg`Is Vekstlinje software or a service?`,
    answer: msg`A service. Our team plans, writes, publishes and runs outreach for you, with AI tools for research and first drafts. You do not need to learn a new tool: you approve the content and meet the leads we hand over.`,
  },
  {
    id: 'guarantee',
    question: msg`Do you guarantee results?`,
    answer: msg`Nobody can honestly promise a number of deals from LinkedIn. We commit to the work: 3–5 posts per week, steady outreach and a weekly report. We agree clear goals with you at the start so you can follow progress, and with no binding period you only stay if it works.`,
  },
  {
    id: 'start',
    question: msg`How quickly can we get started?`,
    answer: msg`Onboarding takes 7–10 days from the signed agreement: a kickoff interview, ICP and positioning, a profile revamp and the first content plan. The first posts and outreach go out right after.`,
  },
  {
    id: 'content',
    question: msg`Who creates the content?`,
    answer: msg`Our writers, working from interviews with you and your team. AI helps with research and first drafts; people write and edit. Nothing is published in your name without your approval.`,
  },
  {
    id: 'crm',
    question: msg`Can you deliver leads into our CRM?`,
    answer: msg`Yes, if you want it. The optional light CRM handoff sends qualified leads to ${firstCrm} or ${secondCrm} with contact details, source and conversation notes. Without a CRM, you get the leads in a weekly summary.`,
  },
]

/** The help center's questions. The visible accordion and the FAQPage structured data both read this. */
export const helpFaqs: readonly Faq[] = [
  {
    id: 'approve-posts',
    question: msg`How do I approve posts before they are published?`,
    answer: msg`Your account manager sends the coming week's posts for review in advance. Approve them, ask for changes or leave comments; nothing is published without your go-ahead.`,
  },
  {
    id: 'linkedin-access',
    question: msg`How do you work with my LinkedIn profile?`,
    answer: msg`We agree the setup during onboarding: either you publish the posts we prepare, or you give us delegated access. We never ask for your password by e-mail, and you can withdraw access at any time.`,
  },
  {
    id: 'cancel',
    question: msg`How do I change or cancel the service?`,
    answer: msg`To change the service, such as the number of posts or the people involved, talk to your account manager, and we will update your order together. There is no binding period: to cancel, tell your account manager or write to support at least seven days before the next billing cycle, and the service ends when the current period runs out. You manage the Pro plan yourself on your dashboard: upgrade there, or cancel with “Manage subscription”. Pro then stays until the end of the month you have paid for, and you can resume it until then.`,
  },
  {
    id: 'data',
    question: msg`How do you handle our data?`,
    answer: msg`We are GDPR compliant and store your data in the EU. Where a provider's group is based in the United States, such as our payment provider, our privacy policy names it and the safeguards for any transfer. The privacy policy, the data processing agreement and the list of subprocessors are in the Legal & Trust section, linked at the bottom of every page.`,
  },
]
