import { botCheckRefused } from './bot-check-widget'
import { type ServerFailure, serverText } from './server-message'

// What a refusal of a form with a bot check says (its widget: ./bot-check-widget.ts).

/** What to show for a refusal of a form with a bot check (see `serverText`). */
export const formFailureText = (failure: ServerFailure | null | undefined) =>
  failure?.code === 'captcha_failed' || failure?.code === 'bot_check_failed' ? botCheckRefused : serverText(failure)
