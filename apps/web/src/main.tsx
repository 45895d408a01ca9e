import './styles.css'
import type { CourseClient } from '@coursekit/core'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/app.tsx'
import { appClient } from './app/app-client.ts'
import { loadWebFontWhenSettled } from './app/web-font.ts'

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root')
const render = (client: CourseClient) =>
  createRoot(root).render(
    <StrictMode>
      <App client={client} />
    </StrictMode>,
  )
const client = appClient()
if (client instanceof Promise) {
  // The wrapper's platform could not be loaded: say so rather than leave the window blank.
  client.then(render, () => {
    root.textContent = '앱을 시작하지 못했습니다. 앱을 다시 열어주세요.'
    root.setAttribute('role', 'alert')
  })
} else render(client)
loadWebFontWhenSettled()
