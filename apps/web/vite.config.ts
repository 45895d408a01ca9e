import { fileURLToPath } from 'node:url'
import { type MockBackendPluginOptions, mockBackendPlugin } from '@coursekit/mock-server/vite'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defaultClientConditions, type InlineConfig } from 'vite'
import { immutableAssetsPlugin } from './scripts/asset-cache-headers.ts'
import { pretendardFacesPlugin } from './scripts/pretendard-faces.ts'
import { type SecurityHeadersOptions, securityHeadersPlugin } from './scripts/security-headers.ts'

/** This folder: the app's root, whoever loads the config (vite, the start program, the browser tests). */
export const webRoot = fileURLToPath(new URL('.', import.meta.url))

/**
 * The app's Vite settings with the mock backend on the same origin (`/api`, `/auth/v1`, `/media`,
 * `/__dev`). One function for `vite`, `npm start` and the browser tests, so they serve one app.
 * `false`: the app alone, for a build whose backend is elsewhere (`VITE_*` settings). Both servers
 * send the app's security headers (scripts/security-headers.ts); `vite preview` lets browsers keep
 * the hashed files for a year (scripts/asset-cache-headers.ts).
 */
export function webAppConfig(
  backend: MockBackendPluginOptions | false = {},
  headers: SecurityHeadersOptions = {},
): InlineConfig {
  return {
    root: webRoot,
    configFile: false,
    // Workspace packages are used from source, never a stale build.
    resolve: { conditions: ['@coursekit/source', ...defaultClientConditions] },
    plugins: [
      react(),
      pretendardFacesPlugin(),
      tailwindcss(),
      securityHeadersPlugin(headers),
      immutableAssetsPlugin(),
      ...(backend === false ? [] : [mockBackendPlugin(backend)]),
    ],
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      // Chromium, Firefox (115) and Safari (17) preload modules themselves; the polyfill would be in
      // every visitor's first load so that an older browser fetches a lazy chunk's imports early.
      modulePreload: { polyfill: false },
      // Everything `/` loads before its first paint in one chunk: left to itself, Rolldown splits off
      // every module a lazy chunk shares with the first load, and each file gzipped alone costs
      // more than the same code in one (apps/web/test/first-load-size.test.ts measures it).
      rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'first-load', tags: ['$initial'] }] } } },
      // Pretendard's small slices stay files: inlined they would weigh on every page's font
      // stylesheet, fetched or not.
      assetsInlineLimit: (file) => (file.endsWith('.woff2') ? false : undefined),
    },
  }
}

export default webAppConfig()
