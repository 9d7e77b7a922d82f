/** A form's validator whose schema loads when the form is first used, not with the page: the
 * schema library (arktype) is the largest part of a form page's JavaScript, and building it keeps a
 * phone's main thread busy for most of a second. The view sends the form's events once `load`
 * has resolved; until then the machine needs only the empty form's problems, which it knows. */
export interface LazyValidator<V, R> {
  /** Loads the schema (once; again after a failure). */
  load: () => Promise<void>
  /** Whether `validate` can answer now. */
  isReady: () => boolean
  /** Validates; throws when called before the schema has loaded. */
  validate: (values: V) => R
  /** Calls `listener` once the schema has loaded (at once if it has), without loading it. */
  onLoad: (listener: () => void) => () => void
}

export function lazyValidator<V, R>(name: string, loadSchema: () => Promise<(values: V) => R>): LazyValidator<V, R> {
  let loaded: ((values: V) => R) | undefined
  let loading: Promise<void> | undefined
  const listeners = new Set<() => void>()
  const load = () => {
    loading ??= loadSchema().then(
      (validate) => {
        loaded = validate
        for (const listener of listeners) listener()
        listeners.clear()
      },
      (error: unknown) => {
        loading = undefined
        throw error
      },
    )
    return loading
  }
  return {
    load,
    isReady: () => loaded !== undefined,
    validate: (values) => {
      if (!loaded) throw new Error(`The ${name} schema was used before it loaded`)
      return loaded(values)
    },
    onLoad: (listener) => {
      if (loaded) {
        listener()
        return () => {}
      }
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}

/** Loads a schema module after telling arktype that it runs without eval (see arktype-config.ts). */
export const withArktypeConfig = <M>(loadModule: () => Promise<M>): Promise<M> => import('./arktype-config').then(loadModule)

/** The same validator, its answers mapped (the demo request's validation, as a form's problems). */
export const mapValidator = <V, R, S>(validator: LazyValidator<V, R>, map: (result: R) => S): LazyValidator<V, S> => ({
  ...validator,
  validate: (values) => map(validator.validate(values)),
})
