/**
 * Requirements §2 and §4: the search overlay, open or closed (shell state). Its dialog
 * (overlays/search-dialog.tsx) loads when the search icon is first hovered, focused or
 * pressed.
 */
import { Suspense } from 'react'
import { lazyWithPreload } from '../../ui/lazy'
import { useShell } from '../../ui/shell-state'

const SearchDialog = lazyWithPreload(() => import('./overlays/search-dialog'))

export const preloadSearch = () => SearchDialog.preload()

export function SearchOverlay() {
  const { searchOpen, setSearchOpen } = useShell()
  if (!searchOpen) return null
  return (
    <Suspense fallback={null}>
      <SearchDialog onClose={() => setSearchOpen(false)} />
    </Suspense>
  )
}
