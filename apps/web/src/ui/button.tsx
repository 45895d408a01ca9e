import type { ComponentProps, ReactNode } from 'react'

const looks = {
  primary: 'bg-brand-strong text-white hover:bg-brand disabled:bg-gray-400',
  secondary: 'border border-gray-300 bg-white text-gray-800 hover:bg-gray-50',
}

/** The app's button: 48 px tall, full width unless told. */
export function Button({
  look = 'primary',
  className = '',
  ...button
}: ComponentProps<'button'> & { look?: keyof typeof looks }): ReactNode {
  return (
    <button
      type="button"
      className={`flex h-6 items-center justify-center gap-1 rounded-lg px-2 font-semibold ${looks[look]} ${className}`}
      {...button}
    />
  )
}
