import { configure } from 'arktype/config'

// The site's Content-Security-Policy allows no eval: arktype checks values without compiling
// them to functions (its "jitless" mode), as it would anyway after a failed attempt.
configure({ jitless: true })
