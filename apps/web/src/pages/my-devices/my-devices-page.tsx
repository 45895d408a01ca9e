import { useAuthGate } from '@coursekit/react'
import type { ReactNode } from 'react'
import { signInPath } from '../../app/paths.ts'
import { PageTitle } from '../../ui/page-title.tsx'
import { Skeleton } from '../../ui/skeleton.tsx'
import { DeviceList } from './device-list.tsx'

/**
 * `/my/devices` (기기 관리): every device the learner is signed in on, this one marked, with
 * removing a device and ending the other devices' watches. Signed-out visitors sign in and come back.
 */
export function MyDevicesPage(): ReactNode {
  const gate = useAuthGate({ redirectTo: signInPath('/my/devices') })
  return (
    <section className="mx-auto flex w-full max-w-3xl flex-col gap-2">
      <PageTitle title="기기 관리">기기 관리</PageTitle>
      <p className="text-gray-700 text-sm">
        이 계정으로 로그인된 기기입니다. 정해진 수의 기기에서만 함께 로그인할 수 있으니, 쓰지 않는 기기는 제거해주세요.
      </p>
      {gate.isAuthenticated ? (
        <DeviceList />
      ) : (
        <div aria-busy className="flex flex-col gap-1">
          <Skeleton className="h-4 w-32" />
          <Skeleton className="h-14" />
          <Skeleton className="h-14" />
        </div>
      )}
    </section>
  )
}
