// React 19 has useSyncExternalStore: libraries written for older Reacts import a shim of it,
// which vite.config.ts points here.
export { useSyncExternalStore } from 'react'
