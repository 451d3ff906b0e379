import { Hono } from 'hono'
import type { MapIconDto, MapIconsResponse } from '../../../shared/dto.ts'
import type { AppDeps, AppEnv } from '../../http/app-env.ts'
import { noCache } from '../../http/cache.ts'
import { readIdParam } from '../../http/validate.ts'
import { getMapIcon, listMapIcons, MAP_ICON_NOT_FOUND } from './map-icons.service.ts'

export function mapIconsRoutes({ database }: AppDeps) {
  const db = database.db
  const app = new Hono<AppEnv>()

  app.get('/map-icons', noCache, async (c) => {
    const body: MapIconsResponse = { icons: await listMapIcons(db) }
    return c.json(body)
  })

  app.get('/map-icons/:id', noCache, async (c) => {
    const body: MapIconDto = await getMapIcon(db, readIdParam(c, MAP_ICON_NOT_FOUND))
    return c.json(body)
  })

  return app
}
