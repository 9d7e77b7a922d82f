import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { RouteKey } from './route-paths'

/** Each page's meta description, for the prerendered head (search results and link previews).
 * Server-side only: the catalog scope `meta` never reaches the browser. */
export const routeDescriptions: Record<RouteKey, MessageDescriptor> = {
  home: msg`We plan, ghostwrite and publish your LinkedIn content, run personalised outreach and hand qualified leads to your sales team every week.`,
  pricing: msg`One Enterprise plan, shaped around your team: content, outreach, qualified handoffs and reporting.`,
  useCases: msg`How sales teams, founders, marketing teams and recruiters grow pipeline on LinkedIn with Vekstlinje.`,
  help: msg`Answers to common questions and how to reach our support team.`,
  docs: msg`What we do, how the four phases work, what you get and who the service is for.`,
  legalHub: msg`Privacy, terms, data processing, subprocessors, security and cookies at Vekstlinje.`,
  demo: msg`Tell us about your team and goals, and we will show you how done-for-you LinkedIn growth works.`,
  login: msg`Sign in to your Vekstlinje account.`,
  register: msg`Create a Vekstlinje account to use the AI platform.`,
  forgotPassword: msg`Forgot your Vekstlinje password? Get a link to choose a new one.`,
  resetPassword: msg`Choose a new password for your Vekstlinje account.`,
  privacy: msg`How Vekstlinje AS collects, uses and protects personal data.`,
  terms: msg`The terms that govern Vekstlinje's services.`,
  cookies: msg`Which cookies Vekstlinje uses, why, and for how long.`,
  dpa: msg`The data processing agreement between Vekstlinje AS and its clients.`,
  security: msg`How Vekstlinje secures data, and the subprocessors we use.`,
  checkoutPro: msg`Buy the Pro plan.`,
  app: msg`Your Vekstlinje dashboard.`,
  account: msg`Your Vekstlinje account: password, your data, deleting the account.`,
}

export const notFoundDescription = msg`The page you are looking for does not exist or has moved.`
