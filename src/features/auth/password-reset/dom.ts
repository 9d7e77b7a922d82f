/** The new-password form's element id (the reset page and the account page each show it once). */
export const newPasswordFormId = 'new-password-form'

/** The reset page's field for the authenticator app's code (accounts with two-factor sign-in). */
export const RESET_CODE_ID = 'reset-code'
