import type { CourseClient } from '@coursekit/core'
import { createContext, useContext } from 'react'

export const CourseClientContext = createContext<CourseClient | null>(null)

/** The client of the nearest CourseClientProvider. */
export function useCourseClient(): CourseClient {
  const client = useContext(CourseClientContext)
  if (!client) throw new Error('useCourseClient: no <CourseClientProvider> above this component')
  return client
}
