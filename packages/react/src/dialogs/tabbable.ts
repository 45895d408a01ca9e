const CANDIDATES = [
  'a[href]',
  'button',
  'input',
  'select',
  'textarea',
  'summary',
  '[tabindex]',
  '[contenteditable=""]',
  '[contenteditable="true"]',
].join(',')

/**
 * The elements Tab stops at inside `container`, in document order: enabled, not hidden, not
 * tabindex -1, and of each radio group only the one Tab reaches (the focused one, else the checked
 * one, else the first), as browsers do.
 */
export function tabbableIn(container: Element): HTMLElement[] {
  const active = container.ownerDocument.activeElement
  const candidates = [...container.querySelectorAll<HTMLElement>(CANDIDATES)].filter(
    (element) => element.tabIndex >= 0 && !isDisabled(element) && !isHidden(element, container),
  )
  const groups = new Map<string, HTMLInputElement[]>()
  for (const element of candidates) {
    if (isGroupedRadio(element)) groups.set(element.name, [...(groups.get(element.name) ?? []), element])
  }
  const stops = new Set<HTMLElement>()
  for (const members of groups.values()) {
    const stop = members.find((radio) => radio === active) ?? members.find((radio) => radio.checked) ?? members[0]
    if (stop) stops.add(stop)
  }
  return candidates.filter((element) => !isGroupedRadio(element) || stops.has(element))
}

function isGroupedRadio(element: HTMLElement): element is HTMLInputElement {
  const input = element as HTMLInputElement
  return element.tagName === 'INPUT' && input.type === 'radio' && input.name !== ''
}

function isDisabled(element: HTMLElement): boolean {
  return (
    element.hasAttribute('disabled') ||
    element.closest('fieldset[disabled]') !== null ||
    (element.tagName === 'INPUT' && (element as HTMLInputElement).type === 'hidden')
  )
}

function isHidden(element: HTMLElement, container: Element): boolean {
  for (let node: HTMLElement | null = element; node && node !== container; node = node.parentElement) {
    if (node.hidden || node.getAttribute('aria-hidden') === 'true') return true
  }
  return false
}
