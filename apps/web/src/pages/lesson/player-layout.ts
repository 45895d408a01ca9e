/**
 * The player page's grid: the video and its words, and the lesson list beside them from 1024 px
 * (under them on a phone). The video's 16:9 box, reserved before it loads: edge to edge on a phone
 * (out of the page's side padding, whatever it is), a rounded card from 640 px.
 */
export const playerLayout = {
  page: 'grid gap-3 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start',
  videoBox:
    'aspect-video w-full overflow-hidden max-sm:ml-[calc(50%-50vw)] max-sm:w-screen max-sm:rounded-none sm:rounded-xl',
} as const
