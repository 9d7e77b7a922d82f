/** The new-password form's element id (the reset page and the account page each show it once). */
export const newPasswordFormId = 'new-password-form'

/** Where the "Forgot password?" form's bot check renders. */
export const resetRequestBotCheckId = 'reset-request-bot-check'
