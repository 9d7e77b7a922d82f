import type { AnyStateMachine } from 'xstate'
import { formOf } from '../../../machines/form'
import type { Lang } from '../../i18n/lang'
import { botCheckLoader, resetBotCheck, watchBotCheck } from '../../lib/bot-check-widget'
import { focusSoon } from '../../lib/dom'
import { readTypedValues, resetForm, schemaActors } from './typed-values'

/** What a form machine's provide takes. */
export type Implementations<M extends AnyStateMachine> = Parameters<M['provide']>[0]

/** Where a form sits on its page. */
export interface FormPage {
  /** The page's language: the bot check's widget speaks it. */
  lang?: Lang
  /** The element id of a field (default: the field's name). */
  idOf?: (field: string) => string
  /** The form's element: its fields are emptied when the machine clears them. */
  formId?: string
  /** Where the form's bot check renders (a form with one). */
  botCheckId?: string
  /** The button that opens the form (a form that opens): focus goes back to it as it closes. */
  triggerId?: string
}

/**
 * A form's effects for its logic.ts, the one way every form gets them: the shared ones the form
 * kit's machine declares (what was typed before the page started, the lazily loaded schema, the
 * bot check's widget, focus, emptying the page's fields), and the form's own (`own`: its request,
 * its messages, where it goes after), which the logic hands to the machine's `provide`.
 */
export function formEffects<M extends AnyStateMachine>(machine: M, page: FormPage, own: Implementations<M>): Implementations<M> {
  const form = formOf(machine)
  if (!form) throw new Error(`${machine.id} is not a form of the form kit`)
  const idOf = page.idOf ?? ((field: string) => field)
  const schema = form.schema?.load && form.schema.onLoad ? { load: form.schema.load, onLoad: form.schema.onLoad } : undefined
  const { botCheckId, lang = 'nb' } = page
  const shared = {
    actors: {
      readTypedValues: readTypedValues(form.fields, schema, idOf),
      ...(schema ? schemaActors(schema) : {}),
      ...(botCheckId ? { watchBotCheck: watchBotCheck(botCheckId, lang) } : {}),
    },
    actions: {
      focusField: (_: unknown, { field }: { field: string }) => focusSoon(idOf(field)),
      ...(page.triggerId ? { focusTrigger: () => focusSoon(page.triggerId!) } : {}),
      ...(page.formId ? { resetFields: resetForm(page.formId) } : {}),
      ...(botCheckId
        ? {
            resetBotCheck: resetBotCheck(botCheckId),
            loadBotCheck: () => {
              botCheckLoader.load().catch(() => {})
            },
          }
        : {}),
    },
  }
  const { actors, actions, ...rest } = own as { actors?: object; actions?: object }
  return { ...rest, actors: { ...shared.actors, ...actors }, actions: { ...shared.actions, ...actions } } as Implementations<M>
}
