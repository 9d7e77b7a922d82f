declare module '*.po' {
  import type { Messages } from '@lingui/core'
  export const messages: Messages
}

declare module '*.po?scope=core' {
  import type { Messages } from '@lingui/core'
  export const messages: Messages
}
declare module '*.po?scope=home' {
  import type { Messages } from '@lingui/core'
  export const messages: Messages
}
declare module '*.po?scope=landing' {
  import type { Messages } from '@lingui/core'
  export const messages: Messages
}
declare module '*.po?scope=footer' {
  import type { Messages } from '@lingui/core'
  export const messages: Messages
}
declare module '*.po?scope=notFound' {
  import type { Messages } from '@lingui/core'
  export const messages: Messages
}
declare module '*.po?scope=meta' {
  import type { Messages } from '@lingui/core'
  export const messages: Messages
}
declare module '*.po?scope=pages' {
  import type { Messages } from '@lingui/core'
  export const messages: Messages
}
declare module '*.po?scope=legal' {
  import type { Messages } from '@lingui/core'
  export const messages: Messages
}
declare module '*.po?scope=account' {
  import type { Messages } from '@lingui/core'
  export const messages: Messages
}
declare module '*.po?scope=link' {
  import type { Messages } from '@lingui/core'
  export const messages: Messages
}

/** A scope's messages pseudolocalized (`?scope=<scope>&pseudo`, development and the pseudo build). */
declare module '*&pseudo' {
  import type { Messages } from '@lingui/core'
  export const messages: Messages
}
