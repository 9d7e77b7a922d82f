import type { I18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { Suspense } from 'react'
import { Route, Router, Switch } from 'wouter'
import { PageSpinner } from '../components/spinner'
import { useLang } from '../i18n/use-lang'
import { notFoundView, routeViews } from './route-views'
import { href, routeKeys } from '../routes'
import { Shell } from './shell'

export interface SsrContext {
  redirectTo?: string
  statusCode?: number
}

function Pages() {
  const lang = useLang()
  return (
    <Suspense fallback={<PageSpinner />}>
      <Switch>
        {routeKeys.map((key) => {
          const View = routeViews[key].Component
          return (
            <Route key={key} path={href(key, lang)}>
              <View />
            </Route>
          )
        })}
        <Route component={notFoundView.Component} />
      </Switch>
    </Suspense>
  )
}

/** The whole site for one language; the server passes the path it renders. */
export function App({ i18n, ssrPath, ssrContext }: { i18n: I18n; ssrPath?: string; ssrContext?: SsrContext }) {
  return (
    <I18nProvider i18n={i18n}>
      <Router ssrPath={ssrPath} ssrContext={ssrContext}>
        <Shell>
          <Pages />
        </Shell>
      </Router>
    </I18nProvider>
  )
}
