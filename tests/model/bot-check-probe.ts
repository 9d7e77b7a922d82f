import { expect, vi } from 'vitest'
import { type BotCheckState, botCheckToken, isBotCheckPending } from '../../machines/bot-check'

type Sent = { captchaToken?: string } | undefined

/** The bot check's effects on a form machine under a model-based walk: the actions the feature's
 * logic provides, and what each step must have done with the token. */
export function botCheckProbe() {
  const effects = { resetBotCheck: vi.fn(), loadBotCheck: vi.fn() }
  return {
    actions: { resetBotCheck: () => effects.resetBotCheck(), loadBotCheck: () => effects.loadBotCheck() },
    clear: () => {
      effects.resetBotCheck.mockClear()
      effects.loadBotCheck.mockClear()
    },
    /** A request's answer arrived: its token is spent, so the widget was asked for the next. */
    afterAnswer: () => expect(effects.resetBotCheck).toHaveBeenCalledOnce(),
    /** A valid submit (or resend): it went out with the token there was, or, with the token still
     * to come, nothing went out and the widget was loaded. `sent` requests went out; `last` is the
     * newest one's input. */
    afterValidRequest: (botCheck: BotCheckState, sent: number, last: Sent) => {
      if (isBotCheckPending(botCheck)) {
        expect(sent).toBe(0)
        expect(effects.loadBotCheck).toHaveBeenCalledOnce()
      } else {
        expect(sent).toBe(1)
        expect(last?.captchaToken).toBe(botCheckToken(botCheck))
      }
    },
    /** The widget reported while a request waited for it: the request went out, with the token
     * (none when the widget failed, and the server then refuses), unless what was typed meanwhile
     * is no longer valid (`valid`). */
    afterWait: (event: { type: string; token?: string }, valid: boolean, sent: number, last: Sent) => {
      expect(sent).toBe(valid ? 1 : 0)
      if (valid) expect(last?.captchaToken).toBe(event.token)
    },
  }
}
