import { msg } from '@lingui/core/macro'
import { Handshake, MessagesSquare, PenLine, Target } from 'lucide'
import type { IconNode } from '../../../components/icon'
import type { MessageDescriptor } from '@lingui/core'

export interface Step {
  Icon: IconNode
  title: MessageDescriptor
  text: MessageDescriptor
}

/** The four steps of the service, in order. */
export const steps: readonly Step[] = [
  {
    Icon: Target,
    title: msg({ message: 'ICP and positioning', context: 'how it works step' }),
    text: msg`We define who you sell to, sharpen what you stand for and revamp your profile, so every visit makes sense to a buyer.`,
  },
  {
    Icon: PenLine,
    title: msg({ message: 'Content and ghostwriting', context: 'how it works step' }),
    text: msg`Our writers interview you and turn your expertise into 3–5 posts per week, published in your voice once you approve them.`,
  },
  {
    Icon: MessagesSquare,
    title: msg({ message: 'Outreach and DMs', context: 'how it works step' }),
    text: msg`Personalized connection requests and DM sequences open conversations with the people on your list. Never mass messages.`,
  },
  {
    Icon: Handshake,
    title: msg({ message: 'Qualified handoffs', context: 'how it works step' }),
    text: msg`When someone shows real interest, we qualify them and hand them to your sales team with the full context, every week.`,
  },
]
