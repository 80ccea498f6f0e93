import { siteConfig } from '../config/site'
import type { SiteOptions } from '../contract/model'

/** Site options used when the backend could not be asked (the 503 screen). */
export const fallbackOptions: SiteOptions = {
  organizationName: siteConfig.productName,
  logoUrl: null,
  hostUrl: '/',
  siteUrl: 'http://localhost:3000',
  ownOrigins: [],
  addressHtml: '',
  phone: null,
  shopUrl: null,
  reviewBadge: null,
  statusBadge: null,
  palette: [],
}
