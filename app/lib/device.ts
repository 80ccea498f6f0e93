/**
 * Requirements §9: device type (mobile, tablet, desktop) from CDN device headers when the CDN
 * sends them, else from client hints, else from the user agent.
 */
export type DeviceType = 'mobile' | 'tablet' | 'desktop'

export function detectDeviceType(header: (name: string) => string | null | undefined): DeviceType {
  // CloudFront (and CDNs that copy its names) decide for us.
  if (header('cloudfront-is-tablet-viewer') === 'true') return 'tablet'
  if (header('cloudfront-is-mobile-viewer') === 'true') return 'mobile'
  if (header('cloudfront-is-desktop-viewer') === 'true') return 'desktop'
  const cdn = header('x-device-type')?.toLowerCase()
  if (cdn === 'mobile' || cdn === 'tablet' || cdn === 'desktop') return cdn
  if (header('sec-ch-ua-mobile') === '?1') return 'mobile'
  const agent = header('user-agent') ?? ''
  if (/iPad|Tablet|PlayBook|Silk|Kindle|(Android(?!.*Mobile))/i.test(agent)) return 'tablet'
  if (/Mobi|iPhone|iPod|Android.*Mobile|Windows Phone|BlackBerry|Opera Mini/i.test(agent)) return 'mobile'
  return 'desktop'
}
