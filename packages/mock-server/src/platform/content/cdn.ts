/** Where the sample content's images would be served from; nothing is fetched from it. */
export const CDN = 'https://cdn.coursekit.dev'
