/**
 * Each category's ground for a course picture that is missing or fails to load: the same colours as
 * the mock's artwork (mock-server media/make-images.ts), chosen by the category's id so a category
 * keeps its colour everywhere. Whole class names, so Tailwind finds them.
 */
const grounds = [
  'from-indigo-700 to-violet-600',
  'from-teal-700 to-cyan-600',
  'from-pink-600 to-orange-500',
  'from-amber-600 to-red-600',
  'from-blue-700 to-sky-500',
] as const

export function categoryGround(categoryId: unknown): string {
  const id = typeof categoryId === 'number' ? categoryId : Number.parseInt(String(categoryId), 10)
  return grounds[Number.isInteger(id) ? (((id - 1) % grounds.length) + grounds.length) % grounds.length : 0] as string
}
