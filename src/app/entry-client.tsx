import '@fontsource-variable/inter/wght.css'
import '../styles/global.css'
import { setDocumentTitle } from './navigation'
import { createI18n } from '../i18n/i18n'
import { langFromPath } from '../i18n/lang'
import { wantsPseudoLocale } from '../i18n/pseudo'
import { App } from './app'
import { mount } from './mount'
import { connectDevTools } from './dev-tools'
import { notFoundView, routeViews } from './route-views'
import { matchRoute, routes } from '../routes'

const lang = langFromPath(location.pathname)
const route = matchRoute(location.pathname)
// Production bundles keep neither the pseudo-locale's check nor the development tools.
const devOrPseudo = import.meta.env.DEV || import.meta.env.MODE === 'pseudo'
const [i18n] = await Promise.all([
  createI18n(lang, [route ? routes[route.key].scope : 'notFound'], devOrPseudo ? { pseudo: wantsPseudoLocale(location.search) } : {}),
  import.meta.env.DEV && connectDevTools(location.search),
])
await (route ? routeViews[route.key] : notFoundView).preload(i18n)
const root = document.getElementById('root')!
const app = <App i18n={i18n} />

// The development server and the pseudo-locale build serve an empty shell: its language and title
// are set here (a prerendered page has them).
if (!root.firstElementChild) {
  document.documentElement.lang = lang
  setDocumentTitle(i18n, location.pathname)
}
mount(root, app)
