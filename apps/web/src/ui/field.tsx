import { type InputHTMLAttributes, type ReactNode, useId } from 'react'

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string
  /** Shown under the input and tied to it for screen readers; marks the input invalid. */
  error?: string | undefined
  /** What the field takes, shown under it until an error says what is wrong instead. */
  hint?: string | undefined
}

/** A labelled input with its error (or hint), 48 px tall so a thumb finds it. */
export function Field({ label, error, hint, className = '', ...input }: FieldProps): ReactNode {
  const id = useId()
  const noteId = `${id}-note`
  const note = error ?? hint
  return (
    <div className={`flex flex-col gap-0.5 ${className}`}>
      <label htmlFor={id} className="font-semibold text-sm">
        {label}
      </label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={note ? noteId : undefined}
        className={`h-6 rounded-lg border bg-white px-1.5 text-base ${error ? 'border-red-600' : 'border-gray-300'}`}
        {...input}
      />
      {note && (
        <p id={noteId} className={`text-sm ${error ? 'text-red-700' : 'text-gray-700'}`}>
          {note}
        </p>
      )}
    </div>
  )
}
