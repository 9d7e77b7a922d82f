// The local stack's mailbox holds sign-in and recovery links: no other web page may read it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type LocalStack, STARTUP_TIMEOUT, startTestStack } from './helpers.ts'

let stack: LocalStack
beforeAll(async () => {
  stack = await startTestStack()
}, STARTUP_TIMEOUT)
afterAll(() => stack.stop())

describe('the local mailbox and other origins', () => {
  it('answers no CORS header to another origin, for the JSON and its preflight', async () => {
    const origin = { Origin: 'http://evil.example' }
    const json = await fetch(`${stack.url}/mailbox.json`, { headers: origin })
    expect(json.status).toBe(200)
    expect(json.headers.get('access-control-allow-origin')).toBeNull()
    const preflight = await fetch(`${stack.url}/mailbox.json`, { method: 'OPTIONS', headers: { ...origin, 'Access-Control-Request-Method': 'GET' } })
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull()
  })

  it('the APIs still answer any origin, as the hosted gateway does', async () => {
    const res = await fetch(`${stack.url}/auth/v1/health`, { headers: { Origin: 'http://localhost:5173', apikey: stack.anonKey } })
    expect(res.headers.get('access-control-allow-origin')).toBe('*')
  })
})
