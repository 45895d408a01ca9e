import { CourseClientProvider } from '@coursekit/react'
import type { ReactNode } from 'react'
import { RouterProvider } from 'react-router'
import { Toasts } from '../ui/toasts.tsx'
import { createAppClient } from './client.ts'
import { ClientEvents } from './client-events.tsx'
import { DeviceLimit } from './device-limit.tsx'
import { router } from './router.tsx'

// One client for the page's life: made before the first render, so visit analytics start with
// the app root whatever route opened it.
const client = createAppClient()

export function App(): ReactNode {
  return (
    <CourseClientProvider client={client}>
      <ClientEvents />
      <RouterProvider router={router} />
      <DeviceLimit />
      <Toasts />
    </CourseClientProvider>
  )
}
