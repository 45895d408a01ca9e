/** The player page's grid: the video and its words, and the lesson list beside them from 1024 px (under them on a phone). */
export const playerLayout = {
  page: 'grid gap-3 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start',
} as const
