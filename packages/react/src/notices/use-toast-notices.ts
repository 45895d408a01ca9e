import { type Notice, noticeTopics } from '@coursekit/core'
import { useEffect, useState } from 'react'
import { useCourseClient } from '../course-client-context.ts'
import { useLatest } from '../use-latest.ts'
import { NoticeLedger, type ToastSink } from './notice-ledger.ts'
import { noticeClaimsOf } from './page-memory.ts'

/**
 * The client's notices as toasts, once each and never stale (NoticeLedger's rules): hands `sink`
 * what to show and take away. `page()` names the page shown, or the one a running navigation
 * opens (with a data router: `state.navigation.location ?? state.location`), and `pageKey` the
 * page shown: when it changes, error toasts raised for another page go. `takeEarlier()` hands over
 * the notices that came before this mounted (a toast layer loaded with the first notice) and stops
 * collecting them: they are taken in order, then the events, in one step, so none is lost. Mount
 * it once, beside the router. While the core's device-limit dialog is open it says the limit was
 * reached, so the registration's problems are no toast then.
 */
export function useToastNotices(
  sink: ToastSink,
  page: () => string,
  pageKey: string,
  takeEarlier: () => Notice[] = () => [],
): void {
  const client = useCourseClient()
  const latest = useLatest({ sink, page })
  const [ledger] = useState(() => new NoticeLedger(noticeClaimsOf(client)))
  const [take] = useState(() => takeEarlier)
  useEffect(() => {
    const detach = ledger.attach(
      {
        show: (notice, id, gone) => latest.current.sink.show(notice, id, gone),
        dismiss: (id) => latest.current.sink.dismiss(id),
      },
      () => latest.current.page(),
      (run) => client.clock.setTimeout(run, 0),
    )
    const { devices } = client
    const releaseDialog = noticeClaimsOf(client).claim(
      noticeTopics.deviceRegistration,
      () => devices?.store.getState().limitDialog != null,
    )
    for (const notice of take()) ledger.receive(notice)
    const unsubscribe = [
      client.events.subscribe('notice', (notice) => ledger.receive(notice)),
      client.events.subscribe('settled', ({ topic }) => ledger.settle(topic)),
      client.events.subscribe('navigate', ({ to }) => ledger.clientMoves(to)),
    ]
    return () => {
      for (const undo of unsubscribe) undo()
      releaseDialog()
      detach()
    }
  }, [client, latest, ledger, take])
  useEffect(() => {
    ledger.pageChanged(pageKey)
  }, [ledger, pageKey])
}
