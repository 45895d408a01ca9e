import { type InputHTMLAttributes, type ReactNode, useId } from 'react'

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string
  /** Shown under the input and tied to it for screen readers; marks the input invalid. */
  error?: string | undefined
}

/** A labelled input with its error, 48 px tall so a thumb finds it. */
export function Field({ label, error, className = '', ...input }: FieldProps): ReactNode {
  const id = useId()
  const errorId = `${id}-error`
  return (
    <div className={`flex flex-col gap-0.5 ${className}`}>
      <label htmlFor={id} className="font-semibold text-sm">
        {label}
      </label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={`h-6 rounded-lg border bg-white px-1.5 text-base ${error ? 'border-red-600' : 'border-gray-300'}`}
        {...input}
      />
      {error && (
        <p id={errorId} className="text-red-700 text-sm">
          {error}
        </p>
      )}
    </div>
  )
}
