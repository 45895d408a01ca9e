interface Named {
  nickname: string | null
  name: string | null
}

/**
 * How the header addresses the person: by nickname, else by name, else 회원님. Never by the e-mail
 * address, which would show it to anyone who can see the screen.
 */
export function greeting(profile: Named | null): string {
  const called = profile?.nickname?.trim() || profile?.name?.trim()
  return called ? `${called}님` : '회원님'
}
