import '@fontsource-variable/inter/wght.css'
import '../styles/global.css'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { loadMessages, createI18n } from '../i18n/i18n'
import { langFromPath } from '../i18n/lang'
import { App } from './app'
import { connectDevTools } from './inspector'
import { routeViews } from './route-views'
import { matchRoute } from './routes'

const lang = langFromPath(location.pathname)
const route = matchRoute(location.pathname)
const [messages] = await Promise.all([
  loadMessages(lang),
  route ? routeViews[route.key].preload() : Promise.resolve(),
  connectDevTools(location.search),
])
const i18n = createI18n(lang, messages)
const root = document.getElementById('root')!
const app = <App i18n={i18n} />

// Prerendered pages hydrate; the development server serves an empty shell and renders.
if (root.hasChildNodes()) hydrateRoot(root, app)
else {
  document.documentElement.lang = lang
  createRoot(root).render(app)
}
