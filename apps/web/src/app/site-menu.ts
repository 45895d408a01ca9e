/** One entry of the header's menu, as menu-settings describes it. */
export interface SiteMenuItem {
  label: string
  path: string
}

/** The header's menu split as it is shown: sections for everyone, the account's pages under the profile button. */
export interface SiteMenu {
  sections: SiteMenuItem[]
  account: SiteMenuItem[]
}

interface MenuSetting extends SiteMenuItem {
  order: number
  requiresAuth: boolean
}

/**
 * What the contract's menu-settings sends by default, shown while its answer is on the way or when it
 * fails, so the header is never an empty bar. It must stay what the backend sends by default.
 */
const DEFAULT_MENU: SiteMenu = {
  sections: [
    { label: '전체 강의', path: '/courses' },
    { label: '멘토', path: '/mentors' },
    { label: '일정', path: '/calendar' },
    { label: '공지사항', path: '/notices' },
  ],
  account: [
    { label: '내 강의실', path: '/my/courses' },
    { label: '기기 관리', path: '/my/devices' },
  ],
}

/**
 * The header's menu from menu-settings' items (objects, as the contract's schema checked; those
 * without a label and an app path skipped, hidden ones left out, by `order`), or the default menu when there is no answer or nothing in it can be shown. What needs a
 * sign-in belongs to the account, under the profile button.
 */
export function siteMenu(items: readonly unknown[] | undefined): SiteMenu {
  const settings = (items ?? []).flatMap(menuSetting).sort((a, b) => a.order - b.order)
  if (settings.length === 0) return DEFAULT_MENU
  return {
    sections: settings.filter((item) => !item.requiresAuth),
    account: settings.filter((item) => item.requiresAuth),
  }
}

function menuSetting(item: unknown): MenuSetting[] {
  const { label, path, order, visible, requiresAuth } = item as Record<string, unknown>
  return visible === false || typeof label !== 'string' || typeof path !== 'string' || path[0] !== '/'
    ? []
    : [{ label, path, order: Number(order) || 0, requiresAuth: requiresAuth === true }]
}
