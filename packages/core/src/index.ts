/**
 * @coursekit/core: the headless client of the coursekit platform. Importing it touches no browser
 * global; platforms are created by calling their factory.
 */

export * from './admin/index.ts'
export * from './analytics/index.ts'
export * from './api/index.ts'
export * from './auth/index.ts'
export * from './catalogue/index.ts'
export { type CourseClient, type CourseClientConfig, type CourseClientOptions, createCourseClient } from './client.ts'
export * from './devices/index.ts'
export * from './display/index.ts'
export * from './kernel/index.ts'
export * from './lessons/index.ts'
export * from './media/index.ts'
export * from './platform/index.ts'
export * from './queries/index.ts'
