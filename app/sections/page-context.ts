import { createContext, useContext } from 'react'
import type { Page } from '../content/model'

/** The page a section is on, for blocks that show page-level data (recent posts, forms). */
export const SectionPageContext = createContext<Page | null>(null)
export const useSectionPage = () => useContext(SectionPageContext)
