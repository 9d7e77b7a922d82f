import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { chromiumPath, headlessShellPath } from './chromium'

// The browsers the tools drive, from Debian's packages; nothing downloads a browser from anywhere
// else. Chromium and its headless shell for every tool (installed together: the shell needs the
// very version of Chromium's common files); with `--engines`, also Firefox ESR and WebKit
// (WebKitGTK's WebDriver, under a virtual display), in which the end-to-end tests run the journeys
// that must work in every engine (tests/e2e/engines.spec.ts).
const browsers = [
  { name: 'Chromium', file: chromiumPath, packages: ['chromium'] },
  { name: "Chromium's headless shell", file: headlessShellPath, packages: ['chromium', 'chromium-headless-shell'] },
  ...(process.argv.includes('--engines')
    ? [
        { name: 'Firefox ESR', file: '/usr/bin/firefox-esr', packages: ['firefox-esr'] },
        { name: 'WebKit', file: '/usr/bin/WebKitWebDriver', packages: ['webkit2gtk-driver'] },
        { name: 'a virtual display', file: '/usr/bin/xvfb-run', packages: ['xvfb'] },
      ]
    : []),
]
const missing = browsers.filter((browser) => !existsSync(browser.file))
if (missing.length > 0) {
  const install = `apt-get update && apt-get install -y ${[...new Set(missing.flatMap((browser) => browser.packages))].join(' ')}`
  const names = missing.map((browser) => browser.name).join(', ')
  if (process.getuid?.() !== 0) {
    console.error(`${names} missing. Install Debian's packages, then run the tests again:\n\n  sudo sh -c '${install}'\n`)
    process.exit(1)
  }
  console.log(`Installing ${names} from Debian (${install}) …`)
  execFileSync('sh', ['-c', install], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } })
}
