/** Where the "Forgot password?" form's bot check renders. */
export const resetRequestBotCheckId = 'reset-request-bot-check'

/** The button of the "Forgot password?" answer (send again, or another address). */
export const RESET_AGAIN_ID = 'reset-request-again'

/** The "Forgot password?" page's button that opens the form for a code from the e-mail. */
export const RECOVERY_CODE_TRIGGER_ID = 'recovery-code-open'

/** That form's fields (the page's own request form has an `email` field too). */
export const recoveryCodeFieldId = { email: 'recovery-code-email', code: 'recovery-code' } as const
