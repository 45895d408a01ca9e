import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { createBrowserRouter, RouterProvider } from 'react-router'

/**
 * The floor: what any page of a Vite + React + react-router app costs before it does anything of its
 * own. One route whose code is loaded when visited, as each of apps/web's pages is.
 */
const router = createBrowserRouter([
  {
    path: '*',
    HydrateFallback: () => null,
    lazy: () => import('./page.tsx').then(({ Page }) => ({ Component: Page })),
  },
])

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root')
createRoot(root).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
)
