/**
 * Every dialog's look (device limit, video conflict, removing a device): a card over a dimmed page,
 * each device a bordered row (its last-seen line on its own). The buttons sit in the dialog's
 * `data-dialog-actions` group, the way out first and the action (`data-primary`) last
 * (ModalDialog's docs): side by side at the right on a wide screen, stacked full width on a phone
 * with the action at the bottom. A destructive action adds `data-danger` (more specific than
 * `data-primary` alone, so its red holds on hover too).
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
  '[&_[role=alert]]:mt-1 [&_[role=alert]]:rounded-lg [&_[role=alert]]:bg-red-50 [&_[role=alert]]:p-1 [&_[role=alert]]:text-red-800 [&_[role=alert]]:text-sm',
  '[&_[data-dialog-actions]]:mt-2 [&_[data-dialog-actions]]:flex [&_[data-dialog-actions]]:flex-col [&_[data-dialog-actions]]:gap-1',
  'sm:[&_[data-dialog-actions]]:flex-row sm:[&_[data-dialog-actions]]:justify-end',
  '[&_[data-dialog-actions]>button]:h-6 [&_[data-dialog-actions]>button]:w-full [&_[data-dialog-actions]>button]:rounded-lg [&_[data-dialog-actions]>button]:px-2 [&_[data-dialog-actions]>button]:font-semibold sm:[&_[data-dialog-actions]>button]:w-auto',
  '[&_[data-dialog-actions]>button]:border [&_[data-dialog-actions]>button]:border-gray-300 [&_[data-dialog-actions]>button]:bg-white [&_[data-dialog-actions]>button]:text-gray-800 [&_[data-dialog-actions]>button:hover]:bg-gray-50',
  '[&_[data-dialog-actions]>button]:aria-disabled:opacity-60',
  '[&_[data-primary]]:border-brand-strong! [&_[data-primary]]:bg-brand-strong! [&_[data-primary]]:text-white! [&_[data-primary]:hover]:bg-brand!',
  '[&_[data-primary][data-danger]]:border-red-700! [&_[data-primary][data-danger]]:bg-red-700! [&_[data-primary][data-danger]:hover]:bg-red-800!',
].join(' ')
