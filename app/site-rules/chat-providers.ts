/**
 * The third-party live-chat providers a page's `chat` may name (requirements §11.4): where each one
 * loads from and which origins it needs. Listed here once and used by the launcher and by
 * the Content-Security-Policy, which adds a provider's origins only when CHAT_PROVIDERS
 * names it. The built-in chat is the site's own code and needs no origin.
 */
import type { ChatSettings } from '../contract/model'

const chatProviderNames = ['crisp'] as const
export type ThirdPartyChatProvider = (typeof chatProviderNames)[number]

export interface ChatProviderOrigins {
  script: readonly string[]
  connect: readonly string[]
  style: readonly string[]
  font: readonly string[]
  frame: readonly string[]
  worker: readonly string[]
  media: readonly string[]
}

/** Crisp's documented strict policy (docs.crisp.chat, "Crisp Domain Names"). */
export const chatProviderOrigins: Record<ThirdPartyChatProvider, ChatProviderOrigins> = {
  crisp: {
    script: ['https://client.crisp.chat'],
    connect: ['https://client.crisp.chat', 'https://storage.crisp.chat', 'wss://client.relay.crisp.chat', 'wss://stream.relay.crisp.chat'],
    style: ['https://client.crisp.chat'],
    font: ['https://client.crisp.chat'],
    frame: ['https://game.crisp.chat'],
    worker: ['blob:', 'https://client.crisp.chat'],
    media: ['https://client.crisp.chat'],
  },
}

export const crispScriptUrl = 'https://client.crisp.chat/l.js'

/** CHAT_PROVIDERS (a comma list, validated in app/config/env.ts) as the providers it names. */
export function configuredChatProviders(value: string | null | undefined): ThirdPartyChatProvider[] {
  const names = (value ?? '').split(',').map((name) => name.trim())
  return chatProviderNames.filter((name) => names.includes(name))
}

/** Whether this site can show a page's chat: the built-in one always, a third party only when configured. */
export function chatIsAvailable(chat: ChatSettings | null, configured: string | null | undefined): chat is ChatSettings {
  if (!chat) return false
  return chat.provider === 'builtin' || configuredChatProviders(configured).includes(chat.provider)
}
