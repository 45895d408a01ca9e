/**
 * @coursekit/core: the headless client of the coursekit platform: the client, its services and
 * observers, the platforms, the stores, the messages and the constants. Importing it touches no
 * browser global; platforms are created by calling their factory. The account pages' flows are
 * `@coursekit/core/flows`, the pure helpers that word the platform's data for a reader
 * `@coursekit/core/display`.
 */

export * from './admin/index.ts'
export * from './analytics/index.ts'
export * from './api/index.ts'
export * from './auth/index.ts'
export { type CourseClient, type CourseClientConfig, type CourseClientOptions, createCourseClient } from './client.ts'
export * from './devices/index.ts'
export * from './kernel/index.ts'
export * from './lessons/index.ts'
export * from './media/index.ts'
export * from './platform/index.ts'
export * from './queries/index.ts'
