/** The new-password form's element id (the reset page and the account page each show it once). */
export const newPasswordFormId = 'new-password-form'

/** Where the "Forgot password?" form's bot check renders. */
export const resetRequestBotCheckId = 'reset-request-bot-check'

/** The reset page's field for the authenticator app's code (accounts with two-factor sign-in). */
export const RESET_CODE_ID = 'reset-code'

/** The button of the "Forgot password?" answer (send again, or another address). */
export const RESET_AGAIN_ID = 'reset-request-again'
