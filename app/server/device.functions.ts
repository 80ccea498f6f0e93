/**
 * The visitor's device type, for sections that need it. Read on the server from the
 * request (CDN headers, client hints, user agent). Pages stay shared in caches, so a
 * section asks for this from the browser rather than varying the server's HTML.
 */
import { queryOptions } from '@tanstack/react-query'
import { createServerFn } from '@tanstack/react-start'
import { getRequestHeader } from '@tanstack/react-start/server'
import { detectDeviceType } from '../lib/device'

export const fetchDeviceType = createServerFn({ method: 'GET' }).handler(async () => detectDeviceType((name) => getRequestHeader(name)))

export const deviceTypeQueryOptions = () =>
  queryOptions({ queryKey: ['visitor', 'device-type'], queryFn: () => fetchDeviceType(), staleTime: Infinity })
