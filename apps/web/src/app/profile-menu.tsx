import { useAuth, useAuthService } from '@coursekit/react'
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react'
import { Link } from 'react-router'
import { greeting } from './greeting.ts'
import type { SiteMenuItem } from './site-menu.ts'

const ADMIN_PAGE: SiteMenuItem = { label: '관리자 페이지', path: '/admin' }

/**
 * The signed-in person's menu button, named by the greeting, with the account's pages (관리자 페이지
 * for admins) and 로그아웃 (WAI-ARIA menu button pattern): Enter, Space or ↓ opens it on
 * the first item, ↑ on the last; ↑ ↓ Home End move; Escape closes it and gives focus back to the
 * button; Tab, a tap or click outside, or choosing an item closes it.
 */
export function ProfileMenu({ links }: { links: SiteMenuItem[] }): ReactNode {
  const auth = useAuthService()
  const label = useAuth((state) => greeting(state.profile))
  const isAdmin = useAuth((state) => state.role === 'ADMIN')
  const id = useId()
  const [open, setOpen] = useState(false)
  const opensOn = useRef<'first' | 'last'>('first')
  const wrapper = useRef<HTMLDivElement>(null)
  const button = useRef<HTMLButtonElement>(null)
  const menu = useRef<HTMLDivElement>(null)

  useEffect(() => {
    if (!open) return
    const items = menuItems(menu.current)
    ;(opensOn.current === 'last' ? items.at(-1) : items[0])?.focus()
    const closeOutside = (event: PointerEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) setOpen(false)
    }
    document.addEventListener('pointerdown', closeOutside)
    return () => document.removeEventListener('pointerdown', closeOutside)
  }, [open])

  const openOn = (where: 'first' | 'last') => {
    opensOn.current = where
    setOpen(true)
  }

  const onButtonKey = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return
    event.preventDefault()
    openOn(event.key === 'ArrowUp' ? 'last' : 'first')
  }

  const onMenuKey = (event: KeyboardEvent) => {
    const items = menuItems(menu.current)
    const at = items.indexOf(document.activeElement as HTMLElement)
    const move = (to: number) => {
      event.preventDefault()
      items[(to + items.length) % items.length]?.focus()
    }
    if (event.key === 'ArrowDown') move(at + 1)
    else if (event.key === 'ArrowUp') move(at - 1)
    else if (event.key === 'Home') move(0)
    else if (event.key === 'End') move(items.length - 1)
    else if (event.key === 'Escape') {
      event.preventDefault()
      setOpen(false)
      button.current?.focus()
    } else if (event.key === 'Tab') setOpen(false)
  }

  return (
    <div ref={wrapper} className="relative shrink-0">
      <button
        ref={button}
        id={`${id}-button`}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? `${id}-menu` : undefined}
        onClick={() => (open ? setOpen(false) : openOn('first'))}
        onKeyDown={onButtonKey}
        className="profile-button"
      >
        <span className="truncate">{label}</span>
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          width="16"
          height="16"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="m6 9 6 6 6-6" />
        </svg>
      </button>
      {open && (
        <div
          ref={menu}
          id={`${id}-menu`}
          role="menu"
          aria-labelledby={`${id}-button`}
          onKeyDown={onMenuKey}
          className="profile-menu"
        >
          {(isAdmin ? [...links, ADMIN_PAGE] : links).map((link) => (
            <Link key={link.path} to={link.path} role="menuitem" tabIndex={-1} onClick={() => setOpen(false)}>
              {link.label}
            </Link>
          ))}
          <hr />
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            onClick={() => {
              setOpen(false)
              void auth.logout()
            }}
          >
            로그아웃
          </button>
        </div>
      )}
    </div>
  )
}

function menuItems(menu: HTMLElement | null): HTMLElement[] {
  return menu ? [...menu.querySelectorAll<HTMLElement>('[role="menuitem"]')] : []
}
