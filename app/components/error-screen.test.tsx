// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { takeConsoleOutput } from '../../tests/setup/fail-on-console'
import { ErrorScreenBoundary } from './error-screen'

afterEach(cleanup)

function Broken(): never {
  throw new Error('boom')
}

describe('ErrorScreenBoundary (requirements §2: the error page itself fails)', () => {
  it('shows the fallback text and a link home instead of a blank page or a stack trace', () => {
    render(
      <ErrorScreenBoundary>
        <Broken />
      </ErrorScreenBoundary>,
    )
    expect(screen.getByRole('alert').textContent).toBe('An error occurred while showing the error page')
    expect(screen.getByRole('link').getAttribute('href')).toBe('/')
    expect(document.body.textContent).not.toContain('boom')
    // React reports the caught error; our boundary logs it once.
    expect(takeConsoleOutput().some((line) => line.includes('[error-screen] failed to render'))).toBe(true)
  })

  it('renders its children when nothing fails', () => {
    render(
      <ErrorScreenBoundary>
        <p>fine</p>
      </ErrorScreenBoundary>,
    )
    expect(screen.getByText('fine')).toBeTruthy()
  })
})
