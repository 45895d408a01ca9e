import { existsSync, statSync } from 'node:fs'
import { resolve, sep } from 'node:path'
import type { Plugin } from 'vite'

/** What a host sends with each hashed file of a build (README, "Deploying"). */
export const IMMUTABLE_ASSET_CACHE_CONTROL = 'public, max-age=31536000, immutable'

/** Where Vite puts the files whose names carry a hash of their content. */
const HASHED_ASSETS_PREFIX = '/assets/'

/**
 * `vite preview` sends every file with `Cache-Control: no-cache`, so a returning visitor asks again
 * for each script, stylesheet and font of the page. The files under `/assets/` are named by a hash
 * of their content: a changed file gets a new name, so a browser may keep each one for a year
 * without asking. index.html (and every other path) keeps `no-cache`, so a new build is seen at once.
 * Only a file that exists gets the header: a missing asset's 404 must not be cached for a year.
 */
export function immutableAssetsPlugin(): Plugin {
  let outDir = ''
  return {
    name: 'coursekit-immutable-assets',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir)
    },
    configurePreviewServer(server) {
      server.middlewares.use((request, response, next) => {
        const path = new URL(request.url ?? '/', 'http://host').pathname
        if (path.startsWith(HASHED_ASSETS_PREFIX) && isFileIn(outDir, decodeURIComponent(path))) {
          // sirv, which serves the file after this, keeps a header already set.
          response.setHeader('Cache-Control', IMMUTABLE_ASSET_CACHE_CONTROL)
        }
        next()
      })
    },
  }
}

function isFileIn(dir: string, path: string): boolean {
  const file = resolve(dir, `.${path}`)
  return file.startsWith(`${dir}${sep}`) && existsSync(file) && statSync(file).isFile()
}
