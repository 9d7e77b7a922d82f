// The auth hooks' refusals (functions/auth-hooks), which the auth service hands on to the site as
// its error message: fixed English texts, worded in the visitor's language by
// src/lib/server-message.ts. Web standards only.
export const AUTH_REFUSALS = {
  emailChangeNotRequested: 'Change the e-mail address from the account page',
  emailChangeAccountLimit: 'Too many changes of e-mail address today',
  emailChangeAddressLimit: 'Too many e-mails to this address today',
  codeReused: 'This code has been used already. Wait for the next code in your app',
  factorLocked: 'Too many wrong codes. Two-step verification is locked for 15 minutes',
} as const
