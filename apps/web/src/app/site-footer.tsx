import type { ReactNode } from 'react'

export function SiteFooter(): ReactNode {
  return (
    <footer className="site-footer">
      <div>
        <p className="site-footer-brand">코스킷</p>
        <p>배우고 싶은 것을 언제 어디서나. 한 계정으로 정해진 수의 기기에서 수강할 수 있습니다.</p>
        <p>© 2026 코스킷. 개발용 데모 서비스입니다.</p>
      </div>
    </footer>
  )
}
