import type { Plugin } from 'vite'

const probe = 'jitless: envHasCsp()'

/** arktype decides whether it may compile checks by calling `new Function` as it loads. Under the
 * site's Content-Security-Policy that call is refused, and Firefox reports the refusal as an
 * error on every form page. The site configures arktype jitless (machines/arktype-config.ts), so
 * the bundle skips the probe: its default becomes `jitless: true`. */
export function arktypeWithoutEvalProbe(): Plugin {
  return {
    name: 'arktype-without-eval-probe',
    apply: 'build',
    transform(code, id) {
      if (!/[\\/]@ark[\\/]schema[\\/]out[\\/]kinds\.js$/.test(id)) return
      if (!code.includes(probe)) throw new Error(`@ark/schema's kinds.js no longer has "${probe}": check arktype's CSP probe`)
      return { code: code.replace(probe, 'jitless: true'), map: null }
    },
  }
}
