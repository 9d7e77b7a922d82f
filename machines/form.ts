import {
  type ActionFunction,
  type AnyActorRef,
  type Cast,
  assign,
  type CallbackActorLogic,
  type EventObject,
  fromCallback,
  fromPromise,
  type GuardPredicate,
  type MachineContext,
  type MetaObject,
  type ParameterizedObject,
  type PromiseActorLogic,
  type ProvidedActor,
  raise,
  type StateMachine,
  type StateNodeConfig,
  type StateSchema,
  type StatesConfig,
  type StateValue,
  setup,
  type TransitionsConfig,
  type UnknownActorLogic,
  type Values,
} from 'xstate'
import { afterReport, afterSend, type BotCheckEvent, type BotCheckState, botCheckToken, isBotCheckPending } from './bot-check'
import { type Checked, emptyValues, type FieldProblem, firstInvalid, requiredProblems, withShown } from './form-fields'

// The form kit: one config builds a form machine. Every form of the site has the same parts:
//   fields       what each field holds, its problem, and whether the problem shows yet;
//   validating   a submit made before the form's schema (loaded on first use) waits for it here;
//   checkingBot  a valid submit made before the bot check's widget has its token waits for it here;
//   submitting   the request is on its way: the fields are read-only, the button waits;
//   refused      back to editing, the failure remembered and told (the form may name a field);
//   done         the form's own outcome states.
// A form states only what differs: its fields, its schema, its request actor, its outcomes, and
// any states of its own (the sign-in's unconfirmed address, a reset link's session). The kit
// gives the machine its shared context, events, placeholders, guards, context updates, root
// transitions and states; the feature's logic provides the shared effects with
// `formEffects` (src/components/form/form-logic.ts).

/** What a failure tells: the backend's code and message. */
export interface FailureNotice {
  code?: string
  message?: string
}

/** What a form machine keeps of its fields and its request. */
export interface FormContext<F extends string, P extends string = FieldProblem, TData = Record<F, string>, TFailure = FailureNotice> {
  /** What the fields hold: the page's fields keep what is typed, and tell the machine at once,
   * whether or not the schema has loaded. */
  values: Record<F, string>
  /** The problem of each field as it holds now, shown or not. */
  problems: Partial<Record<F, P>>
  /** Fields whose problems show: after leaving them, or after a submit. */
  shown: F[]
  /** Fields the server refused (a wrong password), until they are typed in again. */
  refused: Partial<Record<F, P>>
  /** Whether the form's schema has loaded. Until then the only problems known are required fields
   * left empty, and a submit waits for it. */
  schemaReady: boolean
  botCheck: BotCheckState
  /** The last request that went out, as the schema made it (normalised). */
  sent: TData | null
  failure: TFailure | null
}

/** The events every form takes: typing, leaving a field, a submit, its schema, its bot check. */
export type FormEvent<F extends string> =
  | { type: 'field.change'; field: F; value: string }
  | { type: 'field.blur'; field: F }
  | { type: 'form.submit' }
  | { type: 'schema.loaded' }
  | BotCheckEvent

/** A form's schema: the problems of what the fields hold, and once there are none the request
 * they make. A lazily loaded one (`lazyValidator`) answers once `isReady()`. */
export interface FormSchema<F extends string, P extends string, TData> {
  isReady: () => boolean
  validate: (values: Record<F, string>) => Checked<F, P, TData>
}

/** What the kit records of a form on its machine (`machine.schemas.form`), for the form's logic
 * (`formEffects`) and connect (`connectForm`). */
export interface FormDefinition {
  fields: readonly string[]
  schema?: { isReady: () => boolean; load?: () => Promise<void>; onLoad?: (listener: () => void) => () => void }
  botCheck: boolean
}

/** The form definition of a machine the kit built, if it is one. */
export const formOf = (machine: { schemas?: unknown }): FormDefinition | undefined => (machine.schemas as { form?: FormDefinition } | undefined)?.form

type ParamsMap = Record<string, ParameterizedObject['params'] | undefined>
/** Nothing of the form's own (the empty object type). */
type Nothing = Record<never, never>
type Named<T extends ParamsMap> = Values<{ [K in keyof T as K & string]: { type: K & string; params: T[K] } }>
type Provided<T> = Cast<Values<{ [K in keyof T as K & string]: { src: K & string; logic: T[K]; id: string | undefined } }>, ProvidedActor>

/** The placeholders every form declares, provided by its logic (or a test's stand-ins). */
type KitActors<TEvent extends EventObject> = {
  readTypedValues: CallbackActorLogic<TEvent>
  watchSchema: CallbackActorLogic<TEvent>
  loadSchema: PromiseActorLogic<void>
  watchBotCheck: CallbackActorLogic<EventObject>
}

type KitActions<F extends string, P extends string> = {
  focusField: { field: F }
  focusTrigger: undefined
  notifyFailure: FailureNotice
  resetFields: undefined
  resetBotCheck: undefined
  loadBotCheck: undefined
  updateValue: undefined
  showProblem: undefined
  showAllProblems: undefined
  useSchema: undefined
  clearValues: undefined
  emptyField: { field: F }
  refuseField: { field: F; problem: P }
  takeRequest: undefined
  rememberFailure: undefined
  clearFailure: undefined
  submitAgain: undefined
  trackBotCheck: undefined
  renewBotCheck: undefined
}

type KitGuards = { isValid: undefined; isSchemaPending: undefined; isValidButBotCheckPending: undefined; isBotCheckPending: undefined }

/** The types of a form machine, from what the form declares. */
interface Types<F extends string, P extends string, TData, TFailure, TContext extends MachineContext, TEvent extends EventObject, TActors, TActions, TGuards> {
  context: FormContext<F, P, TData, TFailure> & TContext
  events: FormEvent<F> | TEvent
  actors: Provided<KitActors<FormEvent<F> | TEvent> & TActors>
  actions: Named<KitActions<F, P> & TActions>
  guards: Named<KitGuards & TGuards>
}
type AnyTypes = { context: MachineContext; events: EventObject; actors: ProvidedActor; actions: ParameterizedObject; guards: ParameterizedObject }

type StateConfigOf<T extends AnyTypes> = StateNodeConfig<T['context'], T['events'], T['actors'], T['actions'], T['guards'], never, string, unknown, EventObject, MetaObject>
type TransitionsOf<T extends AnyTypes> = TransitionsConfig<T['context'], T['events'], T['actors'], T['actions'], T['guards'], never, EventObject, MetaObject>
type StatesOf<T extends AnyTypes> = StatesConfig<T['context'], T['events'], T['actors'], T['actions'], T['guards'], never, string, unknown, EventObject, MetaObject>
type InvokeOf<T extends AnyTypes> = Extract<NonNullable<StateConfigOf<T>['invoke']>, { src: unknown }>
/** The request's invocation: its input defaults to the request the schema made, with the bot
 * check's token; its failure, to going back to editing and telling it. */
type SubmitInvoke<T extends AnyTypes> = InvokeOf<T> extends infer I ? (I extends { src: unknown } ? Omit<I, 'input' | 'id'> & { input?: I extends { input?: infer In } ? In : never } : never) : never

/** A form machine: what `setup(…).createMachine(…)` makes of the form's types. */
export type FormMachine<T extends AnyTypes, TInput> = StateMachine<
  T['context'],
  T['events'],
  Record<string, AnyActorRef | undefined>,
  T['actors'],
  T['actions'],
  T['guards'],
  never,
  StateValue,
  string,
  TInput,
  unknown,
  EventObject,
  MetaObject,
  StateSchema
>

export interface FormMachineConfig<T extends AnyTypes, TContext, TInput> {
  id: string
  description: string
  /** The form's own context (beyond the kit's), or how its input makes it. */
  context?: TContext | ((args: { input: TInput }) => TContext)
  /** Where the form starts (default `editing`). */
  initial?: string
  /** The form waits for its fields. Its `on` adds the form's own events (a Google button). */
  editing: { description: string; on?: TransitionsOf<T> }
  /** The request: its actor, and where its answers lead. A refusal (`onError`) without actions of
   * its own, or none given, goes back to editing with the failure remembered and told. */
  submitting: { description: string; invoke: SubmitInvoke<T> }
  /** The form's own states: outcomes, and steps before or after the fields. */
  states?: StatesOf<T>
  /** The form's states that take a submit as `editing` does (the form stays on the page after an
   * answer); the schema has loaded there. */
  alsoSubmitFrom?: string[]
  /** A form that shows only once opened: it starts in its own `closed` state (whose button opens
   * it); the kit's states then sit in its own `open` state, with the bot check's widget, and
   * `cancel.click` closes it again, emptied, focus back on the button. */
  opens?: boolean
  /** Events taken wherever the form is (beyond the kit's). */
  on?: TransitionsOf<T>
  /** Actors that run as long as the form does (beyond the kit's): what the page's address says. */
  invoke?: InvokeOf<T>[]
}

export interface FormOptions<F extends string, P extends string, TData, TFailure, TContext extends MachineContext, TEvent extends EventObject, TInput, TActors, TActions extends ParamsMap, TGuards extends ParamsMap> {
  /** The fields, in the form's order (focus goes to the first wrong one). */
  fields: readonly F[]
  /** The fields that must not be left empty (default: all). */
  required?: readonly F[]
  /** The schema, loaded on first use: a submit before then waits for it (`validating`). Without
   * one, the request is what the fields hold. */
  schema?: FormSchema<F, P, TData>
  /** Problems known at once, or only from the form's own context (the account's current address);
   * `request` is what the schema made of the values, once it has loaded and found none. */
  problems?: (values: Record<F, string>, context: TContext, request: TData | undefined) => Partial<Record<F, P>>
  /** Typing in a field hides its problem until the next submit (by default a shown problem
   * follows what is typed). */
  typingHidesProblem?: boolean
  /** The form has a bot check: a request waits for its token, and spends it. */
  botCheck?: boolean
  types?: { context?: TContext; events?: TEvent; input?: TInput; failure?: TFailure }
  actors?: TActors
  actions?: {
    [K in keyof TActions]: ActionFunction<
      FormContext<F, P, TData, TFailure> & TContext,
      FormEvent<F> | TEvent,
      FormEvent<F> | TEvent,
      TActions[K],
      Provided<KitActors<FormEvent<F> | TEvent> & TActors>,
      Named<KitActions<F, P> & TActions>,
      Named<KitGuards & TGuards>,
      never,
      EventObject
    >
  }
  guards?: { [K in keyof TGuards]: GuardPredicate<FormContext<F, P, TData, TFailure> & TContext, FormEvent<F> | TEvent, TGuards[K], Named<KitGuards & TGuards>> }
}

type AnyForm = FormContext<string, string, unknown, unknown>
type AnyTransitions = Record<string, unknown>
type AnyConfig = { on?: AnyTransitions } & Record<string, unknown>

/** A state a second request of the form waits in for the bot check's token, then takes again from
 * `back` (`again` raises its event once more); the button waits. */
export const waitingForBotCheck = <Back extends string, Again extends string>(back: Back, again: Again) =>
  ({
    description: 'Waiting for the bot check’s token, after a request that came before it: the button waits.',
    tags: 'checking',
    entry: 'loadBotCheck',
    on: {
      'botCheck.passed': { target: back, actions: ['trackBotCheck', again], description: 'The token is there: the request is taken again.' },
      'botCheck.failed': { target: back, actions: ['trackBotCheck', again], description: 'The widget could not run: sent without a token.' },
    },
  }) as const

/** Typing and leaving a field, taken wherever the form is. */
const typing = {
  'field.change': { actions: 'updateValue', description: 'The user types in a field.' },
  'field.blur': { actions: 'showProblem', description: 'The user leaves a field: its problem, if any, shows.' },
} as const

const schemaArrival = {
  'schema.loaded': { actions: 'useSchema', description: "The form's checks have loaded: every problem is known." },
} as const

/** What the bot check's widget reports, taken wherever the form (with its widget) is. */
const widgetReports = {
  'botCheck.started': { actions: 'trackBotCheck', description: 'The bot check is on the form: a send needs its token.' },
  'botCheck.passed': { actions: 'trackBotCheck', description: 'The bot check hands over a token for the next send.' },
  'botCheck.expired': { actions: 'trackBotCheck', description: 'The token expired unused: the widget gets a new one.' },
  'botCheck.failed': { actions: 'trackBotCheck', description: 'The widget could not run: a send goes without a token, and the server says no.' },
} as const

/** Where a submit made before the form's schema had loaded waits for it, then is taken again (from
 * `editing`, with every problem known). The button waits; the fields stay as they are, so focus can
 * go to the first wrong one. */
const validating = {
  description: "Loading the form's checks, after a submit that came before them: the button waits.",
  tags: 'checking',
  invoke: {
    id: 'loadSchema',
    src: 'loadSchema',
    onDone: { target: 'editing', actions: ['useSchema', 'submitAgain'], description: 'Loaded: the submit is taken again.' },
    onError: {
      target: 'editing',
      actions: { type: 'notifyFailure', params: {} },
      description: 'They could not load (no connection): nothing is sent, what was typed stays.',
    },
  },
} as const

/** Where a valid submit waits for the bot check's token, then is taken again from `editing`. */
const checkingBot = waitingForBotCheck('editing', 'submitAgain')

/** A form machine's setup: its fields, schema, bot check and implementations. `createMachine`
 * then builds the machine from what the form's states add. */
export function formSetup<
  const F extends string,
  TContext extends MachineContext = Nothing,
  TEvent extends EventObject = never,
  TActors extends Record<string, UnknownActorLogic> = Nothing,
  TActions extends ParamsMap = Nothing,
  TGuards extends ParamsMap = Nothing,
  P extends string = FieldProblem,
  TData = Record<F, string>,
  TFailure = FailureNotice,
  TInput = void,
>(options: FormOptions<F, P, TData, TFailure, TContext, TEvent, TInput, TActors, TActions, TGuards>) {
  type T = Types<F, P, TData, TFailure, TContext, TEvent, TActors, TActions, TGuards>
  const { fields, required = fields, schema, problems, typingHidesProblem = false, botCheck = false } = options
  const ready = (context: AnyForm) => !schema || context.schemaReady
  const problemsOf = (context: AnyForm): Partial<Record<F, P>> => {
    const values = context.values as Record<F, string>
    const checked = schema && context.schemaReady ? schema.validate(values) : undefined
    const known = checked ? checked.problems : requiredProblems(required, values)
    return { ...problems?.(values, context as unknown as TContext, checked?.data), ...known } as Partial<Record<F, P>>
  }
  const isValid = (context: AnyForm) => ready(context) && Object.keys(problemsOf(context)).length === 0
  const requestOf = (context: AnyForm) => (schema ? (schema.validate(context.values as Record<F, string>).data ?? null) : context.values)
  const without = <V>(record: Partial<Record<string, V>>, field: string) => Object.fromEntries(Object.entries(record).filter(([key]) => key !== field))

  const kitActions = {
    // Provided by the feature's logic (formEffects): focus, the page's fields, the bot check's widget.
    focusField: (_: unknown, _params: { field: F }) => {},
    focusTrigger: () => {},
    notifyFailure: (_: unknown, _params: FailureNotice) => {},
    resetFields: () => {},
    resetBotCheck: () => {},
    loadBotCheck: () => {},
    updateValue: assign(({ context, event }: { context: AnyForm; event: EventObject }) => {
      if (event.type !== 'field.change') return {}
      const { field, value } = event as unknown as { field: string; value: string }
      const next = { ...context, values: { ...context.values, [field]: value } }
      return {
        values: next.values,
        problems: problemsOf(next),
        refused: without(context.refused, field),
        ...(typingHidesProblem ? { shown: context.shown.filter((shown) => shown !== field) } : {}),
      }
    }),
    showProblem: assign(({ context, event }: { context: AnyForm; event: EventObject }) =>
      event.type === 'field.blur' ? { shown: withShown(context.shown, (event as unknown as { field: string }).field) } : {},
    ),
    showAllProblems: assign(({ context }: { context: AnyForm }) => ({ shown: [...fields], problems: problemsOf(context) })),
    useSchema: assign(({ context }: { context: AnyForm }) => ({ schemaReady: true, problems: problemsOf({ ...context, schemaReady: true }) })),
    // A fresh form: nothing typed, sent or refused.
    clearValues: assign(({ context }: { context: AnyForm }) => {
      const values = emptyValues(fields)
      return { values, problems: problemsOf({ ...context, values }), shown: [], refused: {}, sent: null, failure: null }
    }),
    emptyField: assign(({ context }: { context: AnyForm }, { field }: { field: F }) => {
      const values = { ...context.values, [field]: '' }
      return { values, problems: problemsOf({ ...context, values }) }
    }),
    refuseField: assign(({ context }: { context: AnyForm }, { field, problem }: { field: F; problem: P }) => ({
      refused: { ...context.refused, [field]: problem },
    })),
    takeRequest: assign(({ context }: { context: AnyForm }) => ({ sent: requestOf(context) })),
    rememberFailure: assign(({ event }: { event: EventObject }) => ({ failure: (event as { error?: unknown }).error ?? {} })),
    clearFailure: assign({ failure: null, refused: {} }),
    submitAgain: raise({ type: 'form.submit' }),
    trackBotCheck: assign(({ context, event }: { context: AnyForm; event: EventObject }) => ({ botCheck: afterReport(context.botCheck, event) })),
    renewBotCheck: assign(({ context }: { context: AnyForm }) => ({ botCheck: afterSend(context.botCheck) })),
  }
  const kitGuards = {
    isValid: ({ context }: { context: AnyForm }) => isValid(context),
    isSchemaPending: ({ context }: { context: AnyForm }) => !ready(context),
    isValidButBotCheckPending: ({ context }: { context: AnyForm }) => isValid(context) && isBotCheckPending(context.botCheck),
    isBotCheckPending: ({ context }: { context: AnyForm }) => isBotCheckPending(context.botCheck),
  }
  const kitActors = {
    // Provided by the feature's logic: `field.change` for what was typed into the prerendered form
    // before the page came to life; `schema.loaded` once the schema is there, and its loading; the
    // bot check's widget, rendered once the form is first used.
    readTypedValues: fromCallback(() => () => {}),
    watchSchema: fromCallback(() => () => {}),
    loadSchema: fromPromise<void>(async () => {}),
    watchBotCheck: fromCallback(() => () => {}),
  }
  const definition: FormDefinition = { fields, schema: schema as FormDefinition['schema'], botCheck }

  const createMachine = (config: FormMachineConfig<T, TContext, TInput>): FormMachine<T, TInput> => {
    const { id, description, context: own, initial = 'editing', editing, submitting, states = {}, alsoSubmitFrom = [], opens = false, on = {}, invoke: ownActors = [] } = config
    /** A submit with the schema at hand: valid, it goes out (once the bot check has its token). */
    const submit = [
      ...(botCheck ? [{ guard: 'isValidButBotCheckPending', target: 'checkingBot', description: 'Submitted with valid input before the bot check has its token: it waits for it.' }] : []),
      { guard: 'isValid', target: 'submitting', actions: 'clearFailure', description: 'Submitted with valid input: the request goes out.' },
      {
        actions: ['showAllProblems', { type: 'focusField', params: ({ context }: { context: AnyForm }) => ({ field: firstInvalid(fields, problemsOf(context)) }) }],
        description: 'Submitted with something missing or wrong: every problem shows, focus moves to the first.',
      },
    ]
    const cancel: AnyTransitions = opens
      ? {
          'cancel.click': {
            target: `#${id}.closed`,
            actions: ['clearValues', 'focusTrigger'],
            description: 'The user changes their mind: the form closes, emptied, and the focus goes back to its button.',
          },
        }
      : {}
    const botCheckTransitions = botCheck ? widgetReports : {}
    const spends = botCheck ? ['renewBotCheck', 'resetBotCheck'] : []
    const { onError, input, ...invoke } = submitting.invoke as { onError?: { actions?: unknown }; input?: unknown; src: string }
    const tell = ['rememberFailure', { type: 'notifyFailure', params: ({ event }: { event: { error?: FailureNotice } }) => ({ message: event.error?.message, code: event.error?.code }) }]
    const formStates: Record<string, object> = {
      editing: {
        description: editing.description,
        on: {
          ...cancel,
          ...(editing.on as AnyTransitions),
          'form.submit': [
            ...(schema ? [{ guard: 'isSchemaPending', target: 'validating', description: "Submitted before the form's checks have loaded: they load first." }] : []),
            ...submit,
          ],
        },
      },
      // The waits before a request: the user may still type, or give up.
      ...(schema ? { validating: { ...validating, on: cancel } } : {}),
      ...(botCheck ? { checkingBot: { ...checkingBot, on: { ...cancel, ...checkingBot.on } } } : {}),
      submitting: {
        description: submitting.description,
        tags: 'busy',
        entry: 'takeRequest',
        // A bot check's token is spent with the request: the widget fetches the next one.
        exit: spends,
        invoke: {
          ...invoke,
          id: invoke.src,
          input:
            input ??
            (({ context }: { context: AnyForm }) =>
              botCheck ? { ...(context.sent as object), captchaToken: botCheckToken(context.botCheck) } : context.sent),
          onError:
            onError === undefined
              ? { target: 'editing', actions: tell, description: 'Refused, or no answer: what was typed stays, and a message says why.' }
              : Array.isArray(onError) || onError.actions
                ? onError
                : { ...onError, actions: tell },
        },
      },
    }
    const ownStates = Object.fromEntries(
      Object.entries(states as Record<string, AnyConfig>).map(([name, state]) =>
        alsoSubmitFrom.includes(name) ? [name, { ...state, on: { ...(state.on as AnyTransitions), 'form.submit': submit } }] : [name, state],
      ),
    )
    const fieldTransitions = { ...typing, ...(schema ? schemaArrival : {}) }
    const widget = botCheck ? [{ id: 'botCheck', src: 'watchBotCheck' }] : []
    const root = {
      id,
      description,
      context: ({ input: given }: { input: TInput }) => {
        const start = {
          values: emptyValues(fields),
          problems: {},
          shown: [],
          refused: {},
          schemaReady: !schema,
          botCheck: 'off' as const,
          sent: null,
          failure: null,
          ...(typeof own === 'function' ? (own as (args: { input: TInput }) => TContext)({ input: given }) : own),
        }
        return { ...start, problems: problemsOf(start) }
      },
      invoke: [{ id: 'typedBeforeStart', src: 'readTypedValues' }, ...(schema ? [{ id: 'schema', src: 'watchSchema' }] : []), ...(opens ? [] : widget), ...ownActors],
      on: { ...fieldTransitions, ...(opens ? {} : botCheckTransitions), ...(on as AnyTransitions) },
    }
    const open = ownStates.open as AnyConfig | undefined
    const machine = opens
      ? {
          ...root,
          initial: 'closed',
          states: {
            ...ownStates,
            open: {
              ...open,
              initial,
              invoke: widget,
              // The widget goes with the form: when it opens again, a new one gets a new token.
              exit: botCheck ? 'renewBotCheck' : [],
              on: { ...botCheckTransitions, ...open?.on },
              states: formStates,
            },
          },
        }
      : { ...root, initial, states: { ...formStates, ...ownStates } }
    // Built as every machine is, with setup(…).createMachine(…); the definition rides on `schemas`.
    return setup({
      schemas: { form: definition },
      actors: { ...kitActors, ...options.actors },
      actions: { ...kitActions, ...options.actions },
      guards: { ...kitGuards, ...options.guards },
    } as never).createMachine(machine as never) as unknown as FormMachine<T, TInput>
  }
  return { fields, createMachine }
}
