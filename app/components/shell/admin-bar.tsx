/**
 * Requirements §2, §4 and §6: developer mode. `?dev=true` sets the `dev_mode` cookie; while it
 * is set, an admin bar links to the dashboard and to editing this page, and shows the
 * page layout. Exit removes the cookie and hides the bar. It is decided in the browser
 * after hydration, so the server's HTML is the same for every visitor (requirements §10.1).
 */
import { useLocation } from '@tanstack/react-router'
import { Suspense, useEffect, useState } from 'react'
import { siteConfig } from '../../config/site'
import type { Page } from '../../contract/model'
import { browserCookies } from '../../lib/cookies'
import { lazyWithPreload } from '../../ui/lazy'

const AdminBarPanel = lazyWithPreload(() => import('./overlays/admin-bar-panel'))

function useDevMode(): [boolean, () => void] {
  const searchStr = useLocation({ select: (location) => location.searchStr })
  const [on, setOn] = useState(false)
  useEffect(() => {
    const { cookieName, queryParam } = siteConfig.devMode
    if (new URLSearchParams(searchStr).get(queryParam) === 'true') browserCookies.set(cookieName, '1')
    setOn(browserCookies.get(cookieName) !== null)
  }, [searchStr])
  const exit = () => {
    browserCookies.remove(siteConfig.devMode.cookieName)
    setOn(false)
  }
  return [on, exit]
}

export function AdminBar({ admin }: { admin: Page['admin'] | null }) {
  const [on, exit] = useDevMode()
  if (!on) return null
  return (
    <Suspense fallback={null}>
      <AdminBarPanel admin={admin} exit={exit} />
    </Suspense>
  )
}
