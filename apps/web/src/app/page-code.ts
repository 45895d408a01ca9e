import type { ComponentType } from 'react'

/** A page's code could not be fetched because the browser knows it is offline; nothing was asked. */
export class PageCodeOfflineError extends Error {
  constructor() {
    super('The page’s code was not fetched: the browser is offline')
    this.name = 'PageCodeOfflineError'
  }
}

/** Where Chromium and Firefox name the module that did not arrive (WebKit names none). */
const FAILED_MODULE_URL = /dynamically imported module: (\S+)$/

/**
 * A route's `lazy` for one page (or any component loaded when first needed): its module loaded and
 * its component picked. It can be tried again after a failure, which a plain `import()` cannot:
 * browsers keep a failed module fetch in the document's module map and answer every later import of
 * that URL with the same failure (the HTML standard dropped that in whatwg/html#10327; browsers have
 * yet to follow). So:
 *
 * - offline (as the browser knows), nothing is fetched, so nothing failed is kept; the router's
 *   error element waits for the connection and asks again;
 * - after a fetch that failed anyway (the server's silence), the next try imports the same file
 *   under a URL of its own (`?retry=n`); the page's module was never run, so this is its only copy.
 */
export function lazyPage<Module, Props = object>(
  load: () => Promise<Module>,
  pick: (module: Module) => ComponentType<Props>,
): () => Promise<{ Component: ComponentType<Props> }> {
  let failedUrl: string | null = null
  let retries = 0
  const fetchModule = (): Promise<Module> => {
    if (failedUrl === null) return load()
    retries += 1
    return import(/* @vite-ignore */ `${failedUrl}?retry=${retries}`) as Promise<Module>
  }
  return async () => {
    if (typeof navigator !== 'undefined' && navigator.onLine === false) throw new PageCodeOfflineError()
    try {
      return { Component: pick(await fetchModule()) }
    } catch (error) {
      const named = error instanceof Error ? FAILED_MODULE_URL.exec(error.message)?.[1] : undefined
      if (named && failedUrl === null) failedUrl = named
      throw error
    }
  }
}
