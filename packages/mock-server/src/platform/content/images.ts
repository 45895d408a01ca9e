/**
 * Where the sample content's pictures are served: the mock's own artwork (media/images, made by
 * media/make-images.ts) on the backend's origin. Content keeps the path; the content routes answer
 * it as an absolute URL on the origin they were asked on, as an API answers its CDN's URLs.
 */
export const IMAGES_PATH = '/media/images'

/** The path of one artwork by its file name without the extension (`course-101`). */
export function imagePath(name: string): string {
  return `${IMAGES_PATH}/${name}.webp`
}
