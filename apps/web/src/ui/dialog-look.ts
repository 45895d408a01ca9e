/**
 * The @coursekit/react dialogs (device limit, video conflict) are headless in their parts and styled
 * from outside with this: a card over a dimmed page, each device a bordered row (its last-seen line
 * on its own), the buttons full width on a phone.
 */
export const dialogLook = [
  'm-auto w-[calc(100%-2rem)] max-w-md rounded-xl bg-white p-3 text-gray-900 shadow-xl backdrop:bg-black/50',
  '[&_h2]:font-bold [&_h2]:text-lg [&>p]:mt-1 [&>p]:text-gray-700 [&>p]:text-sm',
  '[&_form]:mt-2 [&_form]:flex [&_form]:flex-col [&_form]:gap-1',
  '[&_fieldset]:flex [&_fieldset]:flex-col [&_fieldset]:gap-1 [&_legend]:mb-1 [&_legend]:font-semibold [&_legend]:text-sm',
  '[&_label]:flex [&_label]:cursor-pointer [&_label]:items-start [&_label]:gap-1 [&_label]:rounded-lg [&_label]:border [&_label]:border-gray-300 [&_label]:p-1.5',
  '[&_label:has(:checked)]:border-brand-strong [&_label:has(:checked)]:bg-brand-soft',
  '[&_input]:mt-0.5 [&_input]:size-2 [&_input]:shrink-0 [&_input]:accent-brand-strong',
  '[&_small]:text-gray-600 [&_small]:text-sm',
  '[&_[role=alert]]:rounded-lg [&_[role=alert]]:bg-red-50 [&_[role=alert]]:p-1 [&_[role=alert]]:text-red-800 [&_[role=alert]]:text-sm',
  '[&_button]:h-6 [&_button]:rounded-lg [&_button]:px-2 [&_button]:font-semibold',
  '[&_button[type=submit]]:bg-brand-strong [&_button[type=submit]]:text-white [&_button[type=submit]]:hover:bg-brand',
  '[&_button[type=button]]:border [&_button[type=button]]:border-gray-300 [&_button[type=button]]:bg-white [&_button[type=button]]:text-gray-800',
].join(' ')
