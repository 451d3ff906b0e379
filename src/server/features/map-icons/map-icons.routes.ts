import { Hono } from 'hono'
import type { AppDeps, AppEnv } from '#server/http/app-env.ts'
import { publicReadCache } from '#server/http/cache.ts'
import { readIdParam } from '#server/http/validate.ts'
import type { MapIconDto, MapIconsResponse } from '#shared/dto.ts'
import { getMapIcon, listMapIcons, MAP_ICON_NOT_FOUND } from './map-icons.service.ts'

export function mapIconsRoutes(deps: AppDeps) {
  const db = deps.database.db
  const app = new Hono<AppEnv>()
  const cache = publicReadCache(deps)

  app.get('/map-icons', (c) =>
    cache.respond(c, 'map-icons', async () => {
      const body: MapIconsResponse = { icons: await listMapIcons(db) }
      return body
    }),
  )

  app.get('/map-icons/:id', (c) => {
    const id = readIdParam(c, MAP_ICON_NOT_FOUND)
    return cache.respond(c, `map-icons/${id}`, async () => {
      const body: MapIconDto = await getMapIcon(db, id)
      return body
    })
  })

  // One of the server functions (POST /api/functions/…), but the map icons' own (the cards' Refresh): the
  // icons with their stock as of now, read past the cache. It writes nothing: availability is derived from
  // the claims whenever it is read, so there is nothing to recompute.
  app.post('/functions/refresh-map-icon-availability', async (c) => {
    return c.json({ icons: await listMapIcons(db) })
  })

  return app
}
