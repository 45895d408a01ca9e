import { By, type WebDriver } from 'selenium-webdriver'

/**
 * A page driven over WebDriver (MiniBrowser, the desktop shell), with the steps journeys take in
 * words a person would use. Every wait polls the page for a condition until `stepTimeoutMs`;
 * nothing sleeps.
 */
export class WebDriverPage {
  readonly driver: WebDriver
  readonly origin: string
  readonly stepTimeoutMs: number

  constructor(driver: WebDriver, origin: string, stepTimeoutMs = 30_000) {
    this.driver = driver
    this.origin = origin
    this.stepTimeoutMs = stepTimeoutMs
  }

  async goto(path: string): Promise<void> {
    await this.driver.get(new URL(path, this.origin).href)
  }

  async path(): Promise<string> {
    return new URL(await this.driver.getCurrentUrl()).pathname
  }

  /** Runs `body` (a function's source taking `arguments`) in the page and returns its result. */
  evaluate<T>(body: string, ...args: unknown[]): Promise<T> {
    return this.driver.executeScript<T>(body, ...args)
  }

  /** Runs `body` with a `done` callback in the page (for promises) and returns what it passed. */
  evaluateAsync<T>(body: string): Promise<T> {
    return this.driver.executeAsyncScript<T>(`const done = arguments[arguments.length - 1]; ${body}`)
  }

  /** Waits until `condition` holds, failing with `what` after the step timeout. */
  async until(what: string, condition: () => Promise<boolean>): Promise<void> {
    await this.driver.wait(condition, this.stepTimeoutMs, `waited ${this.stepTimeoutMs} ms for ${what}`)
  }

  /** Waits for the path `what`, or for one `accept` takes (then `what` only names it). */
  async untilPath(what: string, accept: (path: string) => boolean = (path) => path === what): Promise<void> {
    await this.until(`the path to be ${what}`, async () => accept(await this.path()))
  }

  /** The page's visible text. */
  text(): Promise<string> {
    return this.evaluate<string>('return document.body.innerText')
  }

  async untilText(text: string): Promise<void> {
    await this.until(`"${text}" on the page`, async () => (await this.text()).includes(text))
  }

  /** Clicks, with WebDriver's own pointer, the visible button or link (under the XPath `scope`) whose text is `name`. */
  async click(name: string, scope = '//body'): Promise<void> {
    const xpath = `${scope}//*[(self::button or self::a) and normalize-space()=${xpathString(name)}]`
    await this.until(`a visible "${name}"`, async () => {
      for (const element of await this.driver.findElements(By.xpath(xpath)))
        if (await element.isDisplayed()) return true
      return false
    })
    for (const element of await this.driver.findElements(By.xpath(xpath))) {
      if (await element.isDisplayed()) return element.click()
    }
  }

  /** Types into the field found by `css`, as a person would. */
  async type(css: string, text: string): Promise<void> {
    const field = await this.driver.findElement(By.css(css))
    await field.clear()
    await field.sendKeys(text)
  }
}

/** An XPath string literal for any text (XPath 1 has no escapes). */
function xpathString(text: string): string {
  if (!text.includes("'")) return `'${text}'`
  return `concat(${text
    .split("'")
    .map((part) => `'${part}'`)
    .join(`, "'", `)})`
}
