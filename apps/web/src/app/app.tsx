import type { CourseClient } from '@coursekit/core'
import { CourseClientProvider } from '@coursekit/react'
import type { ReactNode } from 'react'
import { RouterProvider } from 'react-router'
import { ClientEvents } from './client-events.tsx'
import { DeviceLimit } from './device-limit.tsx'
import { router } from './router.tsx'

/**
 * The app on its one client, made before the first render (main.tsx) for the page's life, so visit
 * analytics start with the app root whatever route opened it.
 */
export function App({ client }: { client: CourseClient }): ReactNode {
  return (
    <CourseClientProvider client={client}>
      <ClientEvents />
      <RouterProvider router={router} />
      <DeviceLimit />
    </CourseClientProvider>
  )
}
