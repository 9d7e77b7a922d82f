import { assign, type EventObject } from 'xstate'

/** The bot check of a form (Turnstile's widget), as the form's machine keeps it: `off` when the
 * site has none configured; `pending` while the widget has no token for the next submit; `failed`
 * when the widget could not run (the server then refuses, and says so); else the token. A token is
 * good for one check: once a request has been sent, the widget is asked for a new one. */
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

/** The bot check's two context updates, for a form machine's setup (`...botCheckAssigns<C, E>()`):
 * `trackBotCheck` takes the widget's report, `renewBotCheck` waits for the next token once a
 * request has spent one. */
export const botCheckAssigns = <TContext extends { botCheck: BotCheckState }, TEvent extends EventObject>() => ({
  trackBotCheck: assign<TContext, TEvent, undefined, TEvent, never>(
    ({ context, event }) => ({ botCheck: afterReport(context.botCheck, event) }) as Partial<TContext>,
  ),
  renewBotCheck: assign<TContext, TEvent, undefined, TEvent, never>(({ context }) => ({ botCheck: afterSend(context.botCheck) }) as Partial<TContext>),
})

// The bot check's part of a form machine, which names these actions and guards in its setup:
//   trackBotCheck, renewBotCheck   botCheckAssigns (renewBotCheck on leaving a state that sent)
//   resetBotCheck    provided by the feature's logic: the widget fetches the next token
//   loadBotCheck     provided by the feature's logic: the widget loads (a submit can come before any
//                    tap or key reached the form: typed while the page started)
//   isValidButBotCheckPending   the submit is valid, and the token not there yet

/** The widget's reports, taken in any state. */
export const botCheckTransitions = {
  'botCheck.started': { actions: 'trackBotCheck', description: 'The bot check is on the form: a send needs its token.' },
  'botCheck.passed': { actions: 'trackBotCheck', description: 'The bot check hands over a token for the next send.' },
  'botCheck.expired': { actions: 'trackBotCheck', description: 'The token expired unused: the widget gets a new one.' },
  'botCheck.failed': { actions: 'trackBotCheck', description: 'The widget could not run: a send goes without a token, and the server says no.' },
} as const

/** A valid submit before the widget has its token: it waits for it (in `checkingBot`). */
export const waitForBotCheck = {
  guard: 'isValidButBotCheckPending',
  target: 'checkingBot',
  description: 'Submitted with valid input before the bot check has its token: it waits for it.',
} as const

/** Where a submit waits for the widget's token, then is taken again from `back` (`again` raises
 * the event once more). The button waits. */
export const checkingBotState = <Back extends string, Again extends string>(back: Back, again: Again) =>
  ({
    description: 'Waiting for the bot check’s token, after a submit that came before it: the button waits.',
    tags: 'checking',
    entry: 'loadBotCheck',
    on: {
      'botCheck.passed': { target: back, actions: ['trackBotCheck', again], description: 'The token is there: the submit is taken again.' },
      'botCheck.failed': { target: back, actions: ['trackBotCheck', again], description: 'The widget could not run: sent without a token.' },
    },
  }) as const
