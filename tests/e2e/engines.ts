import { type ChildProcess, spawn } from 'node:child_process'
import { request as httpRequest, createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { connect, createServer } from 'node:net'
import puppeteer, { type Browser, type ElementHandle, type HTTPRequest, type Page } from 'puppeteer-core'
import { Builder, By, Key, type WebDriver, type WebElement } from 'selenium-webdriver'

// Firefox (Debian's ESR, over WebDriver BiDi with puppeteer-core) and WebKit (WebKitGTK's
// MiniBrowser, Safari's engine, over WebDriver with selenium-webdriver, through a proxy of ours),
// driven the same way, for the journeys that must work in every engine. Playwright drives only its
// own builds of these, which cannot be downloaded here.

export const firefoxPath = '/usr/bin/firefox-esr'
export const webkitDriverPath = '/usr/bin/WebKitWebDriver'
const miniBrowser = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser'

/** What a journey does in a browser: open a page, type, tap, read. Selectors are CSS. */
export interface Engine {
  name: 'firefox' | 'webkit'
  /** Opens a page and returns once its HTML is in (the app may not have started). With `hold`,
   * the app's modules wait until `release`. */
  open: (path: string, options?: { hold?: boolean }) => Promise<void>
  release: () => Promise<void>
  /** Types key by key into a field, the moment it shows. */
  type: (selector: string, text: string) => Promise<void>
  pressEnter: (selector: string) => Promise<void>
  select: (selector: string, value: string) => Promise<void>
  /** Taps the first element matching `selector` whose text contains `text` (or the first one). */
  tap: (selector: string, text?: string) => Promise<void>
  /** Evaluates an expression in the page. */
  read: <T>(expression: string) => Promise<T>
  /** Waits until an expression in the page is true. */
  until: (expression: string, timeoutMs?: number) => Promise<void>
  close: () => Promise<void>
}

const scriptsOf = async (url: string) => [...(await (await fetch(url)).text()).matchAll(/<script[^>]* src="([^"]+)"/g)].map((match) => match[1]!)

const pollInterval = 50
/** How long WebKit's driver has to answer a script before it is asked again (an answer takes
 * milliseconds). */
const unansweredAfterMs = 2_000

export async function launchFirefox(baseUrl: string, viewport: { width: number; height: number }): Promise<Engine> {
  const browser: Browser = await puppeteer.launch({ browser: 'firefox', executablePath: firefoxPath, headless: true })
  const page: Page = await browser.newPage()
  await page.setViewport(viewport)
  await page.setRequestInterception(true)
  let allowed: string[] | undefined
  const held: HTTPRequest[] = []
  page.on('request', (request) => {
    const { pathname } = new URL(request.url())
    if (allowed && pathname.startsWith('/assets/') && pathname.endsWith('.js') && !allowed.includes(pathname)) held.push(request)
    else void request.continue()
  })
  const find = async (selector: string, text?: string) => {
    await page.waitForFunction(
      (s: string, t: string | undefined) => [...document.querySelectorAll(s)].some((e) => (t === undefined || e.textContent?.includes(t)) && (e as HTMLElement).offsetParent !== null),
      { polling: pollInterval, timeout: 20_000 },
      selector,
      text,
    )
    const handle = await page.evaluateHandle(
      (s: string, t: string | undefined) => [...document.querySelectorAll(s)].find((e) => (t === undefined || e.textContent?.includes(t)) && (e as HTMLElement).offsetParent !== null),
      selector,
      text,
    )
    return handle.asElement() as ElementHandle<Element>
  }
  return {
    name: 'firefox',
    open: async (path, { hold = false } = {}) => {
      allowed = hold ? await scriptsOf(`${baseUrl}${path}`) : undefined
      await page.goto(`${baseUrl}${path}`, { waitUntil: 'domcontentloaded' })
    },
    release: async () => {
      allowed = undefined
      for (const request of held.splice(0)) await request.continue()
    },
    type: async (selector, text) => (await find(selector)).type(text),
    pressEnter: async (selector) => (await find(selector)).press('Enter'),
    select: async (selector, value) => {
      await find(selector)
      await page.select(selector, value)
    },
    tap: async (selector, text) => (await find(selector, text)).click(),
    read: <T>(expression: string) => page.evaluate(expression) as Promise<T>,
    until: async (expression, timeoutMs = 20_000) => {
      await page.waitForFunction(expression, { polling: pollInterval, timeout: timeoutMs })
    },
    close: () => browser.close(),
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

/** An HTTP proxy for the browser that holds back the app's modules while `allowed` lists the
 * page's own scripts (WebKit's driver cannot hold requests itself; through a proxy, the page keeps
 * its own address). WebSockets pass through. */
async function holdingProxy() {
  const held: Array<() => void> = []
  const state = { allowed: undefined as string[] | undefined }
  const forward = (req: IncomingMessage, res: ServerResponse) => {
    const target = new URL(req.url!)
    const upstream = httpRequest(target, { method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers)
      answer.pipe(res)
    })
    upstream.on('error', () => res.destroy())
    req.pipe(upstream)
  }
  const server = createHttpServer((req, res) => {
    const { pathname } = new URL(req.url!)
    const { allowed } = state
    if (allowed && pathname.startsWith('/assets/') && pathname.endsWith('.js') && !allowed.includes(pathname)) held.push(() => forward(req, res))
    else forward(req, res)
  })
  server.on('upgrade', (req, socket, head) => {
    const target = new URL(req.url!)
    const upstream = connect(Number(target.port), target.hostname, () => {
      const lines = [`${req.method} ${target.pathname}${target.search} HTTP/1.1`, ...Object.entries(req.headers).map(([k, v]) => `${k}: ${v}`)]
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`)
      upstream.write(head)
      upstream.pipe(socket)
      socket.pipe(upstream)
    })
    upstream.on('error', () => socket.destroy())
    socket.on('error', () => upstream.destroy())
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    port: (server.address() as { port: number }).port,
    hold: (allowed: string[]) => {
      state.allowed = allowed
    },
    release: () => {
      state.allowed = undefined
      for (const next of held.splice(0)) next()
    },
    close: () => {
      server.closeAllConnections()
      server.close()
    },
  }
}

export async function launchWebKit(baseUrl: string, viewport: { width: number; height: number }): Promise<Engine> {
  const port = await freePort()
  const proxy = await holdingProxy()
  // A display of its own (Xvfb) for the MiniBrowser; the driver and the display stop together.
  const server: ChildProcess = spawn('xvfb-run', ['-a', webkitDriverPath, `--port=${port}`], { stdio: 'ignore', detached: true })
  const stopServer = () => {
    proxy.close()
    try {
      if (server.pid) process.kill(-server.pid, 'SIGTERM')
    } catch {
      // Already gone.
    }
  }
  try {
    const started = Date.now()
    for (;;) {
      const ready = await fetch(`http://127.0.0.1:${port}/status`).then(
        (response) => response.ok,
        () => false,
      )
      if (ready) break
      if (Date.now() - started > 30_000) throw new Error('WebKitWebDriver did not start')
      await new Promise((resolve) => setTimeout(resolve, pollInterval))
    }
    const driver: WebDriver = await new Builder()
      .usingServer(`http://127.0.0.1:${port}`)
      .withCapabilities({
        browserName: 'MiniBrowser',
        // Navigation returns at once (WebKitGTK waits for the load event otherwise, which the held
        // modules hold up); `open` waits for the new page's HTML itself.
        pageLoadStrategy: 'none',
        proxy: { proxyType: 'manual', httpProxy: `127.0.0.1:${proxy.port}` },
        'webkitgtk:browserOptions': { binary: miniBrowser, args: ['--automation'] },
      })
      .build()
    // A script run while the page navigates fails: that counts as "not yet". So does one that gets
    // no answer: now and then (4 of 64 runs of the journeys), a script sent while a new page came in
    // was never answered, though the driver went on answering others; the next poll asks again.
    const ask = <T>(script: string, ...args: unknown[]): Promise<T | undefined> =>
      new Promise((resolve) => {
        const unanswered = setTimeout(() => {
          console.warn(`WebKit gave no answer to a script in ${unansweredAfterMs} ms; asking again`)
          resolve(undefined)
        }, unansweredAfterMs)
        driver
          .executeScript<T>(script, ...args)
          .catch(() => undefined)
          .then((answer) => {
            clearTimeout(unanswered)
            resolve(answer)
          })
      })
    const until = async (expression: string, timeoutMs = 20_000) => {
      const check = async () => Boolean(await ask(`return Boolean(${expression})`))
      await driver.wait(check, timeoutMs, `waited for ${expression}`, pollInterval)
    }
    // The window is at least 447 px wide (WebKitGTK's MiniBrowser).
    await driver.manage().window().setRect(viewport)
    const find = async (selector: string, text?: string): Promise<WebElement> => {
      const script = `return [...document.querySelectorAll(arguments[0])].find((e) => (arguments[1] === null || e.textContent.includes(arguments[1])) && e.offsetParent !== null)`
      const look = async () => (await ask<WebElement | null>(script, selector, text ?? null)) ?? null
      const element = (await driver.wait(look, 20_000, `waited for ${selector}`, pollInterval))!
      // Scrolls are asynchronous with smooth scrolling: into view at once, then act.
      await driver.executeScript(`arguments[0].scrollIntoView({ block: 'center', behavior: 'instant' })`, element)
      return element
    }
    return {
      name: 'webkit',
      open: async (path, { hold = false } = {}) => {
        const url = new URL(path, baseUrl).href
        if (hold) proxy.hold(await scriptsOf(url))
        // By way of an empty page, so that the old page, perhaps at the same address, is surely gone.
        await driver.get('about:blank')
        await until(`location.href === 'about:blank'`)
        await driver.get(url)
        await until(`location.href === ${JSON.stringify(url)} && document.readyState !== 'loading'`)
      },
      release: async () => proxy.release(),
      type: async (selector, text) => (await find(selector)).sendKeys(text),
      pressEnter: async (selector) => (await find(selector)).sendKeys(Key.ENTER),
      select: async (selector, value) => (await find(selector)).findElement(By.css(`option[value="${value}"]`)).then((option) => option.click()),
      tap: async (selector, text) => (await find(selector, text)).click(),
      read: (expression) => driver.executeScript(`return (${expression})`),
      until,
      close: async () => {
        await driver.quit().catch(() => {})
        stopServer()
      },
    }
  } catch (error) {
    stopServer()
    throw error
  }
}
