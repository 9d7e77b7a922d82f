import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { chromiumPath as chromium } from './chromium'

/** The end-to-end tests use Debian's Chromium; nothing downloads a browser from anywhere else. */
if (!existsSync(chromium)) {
  const isRoot = process.getuid?.() === 0
  const install = 'apt-get update && apt-get install -y chromium'
  if (!isRoot) {
    console.error(`Chromium is missing. Install Debian's package, then run the tests again:\n\n  sudo sh -c '${install}'\n`)
    process.exit(1)
  }
  console.log(`Installing Debian's Chromium (${install}) …`)
  execFileSync('sh', ['-c', install], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } })
}
