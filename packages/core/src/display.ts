/**
 * `@coursekit/core/display`: pure functions that turn the platform's data into what a Korean
 * learner reads. Korean relative time (5분 전, 어제), the calendar month in Seoul's time, a device
 * as its owner recognises it (from its user agent), a phone number as it is typed; and over the
 * loose public content: the catalogue's search and categories, a course's discount codes and
 * review summary, a content item's fields and links, a course's progress from its lessons' stored
 * progress. Each is a function of its input (and a `now` or an origin where it needs one): no
 * client, no store, no request, so every binding and the CLI share them.
 *
 * Apart from the root entry, which holds the client, its services and observers, the platforms,
 * the stores, the messages and the constants.
 */

export { classifyUserAgent, type UserAgentDescription, type UserAgentHints } from './analytics/user-agent-classifier.ts'
export * from './catalogue/index.ts'
export * from './display/index.ts'
export { type CourseLessonRef, type CourseProgressSummary, courseProgressOf } from './lessons/course-progress.ts'
