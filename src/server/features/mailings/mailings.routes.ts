import { Hono } from 'hono'
import type { AppDeps, AppEnv } from '../../http/app-env.ts'

export function mailingsRoutes(_deps: AppDeps) {
  const app = new Hono<AppEnv>()
  return app
}
