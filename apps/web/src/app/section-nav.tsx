import type { ReactNode } from 'react'
import { NavLink } from 'react-router'
import type { SiteMenuItem } from './site-menu.ts'

/**
 * The sections (주 메뉴): a tab bar fixed to the bottom of a phone's screen, inline in the header's
 * row from 768 px (site-header.css). One element for both, so the links exist once for keyboards
 * and screen readers; the current section is marked by NavLink's aria-current.
 */
export function SectionNav({ sections }: { sections: SiteMenuItem[] }): ReactNode {
  return (
    <nav aria-label="주 메뉴" className="section-nav">
      <ul>
        {sections.map((section) => (
          <li key={section.path}>
            <NavLink to={section.path}>{section.label}</NavLink>
          </li>
        ))}
      </ul>
    </nav>
  )
}
