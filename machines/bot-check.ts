/** The bot check of a form (Turnstile's widget), as the form's machine keeps it: `off` when the
 * site has none configured; `pending` while the widget has no token for the next submit; `failed`
 * when the widget could not run (the server then refuses, and says so); else the token. A token is
 * good for one check: once a request has been sent, the widget is asked for a new one. The form kit
 * (./form.ts) takes a form's bot check through these. */
export type BotCheckState = 'off' | 'pending' | 'failed' | { token: string }

/** What the widget reports (the feature's `watchBotCheck` actor sends them). */
export type BotCheckEvent = { type: 'botCheck.started' } | { type: 'botCheck.passed'; token: string } | { type: 'botCheck.expired' } | { type: 'botCheck.failed' }

/** A request's input, with the bot check's token. */
export type WithBotCheck<T> = T & { captchaToken?: string }

/** The token for a request, or undefined (none configured, or the widget failed). */
export const botCheckToken = (state: BotCheckState): string | undefined => (typeof state === 'object' ? state.token : undefined)

/** After a request has spent the token: waiting for the widget's next one. */
export const afterSend = (state: BotCheckState): BotCheckState => (state === 'off' ? 'off' : 'pending')

/** What a report of the widget makes of the state (any other event leaves it). */
export function afterReport(state: BotCheckState, event: { type: string; token?: string }): BotCheckState {
  if (event.type === 'botCheck.passed') return { token: event.token ?? '' }
  if (event.type === 'botCheck.failed') return 'failed'
  if (event.type === 'botCheck.started' || event.type === 'botCheck.expired') return 'pending'
  return state
}

/** Whether a request must wait for the widget's token. */
export const isBotCheckPending = (state: BotCheckState) => state === 'pending'
