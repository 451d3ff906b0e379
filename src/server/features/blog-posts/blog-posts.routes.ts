import { Hono } from 'hono'
import type { AppDeps, AppEnv } from '#server/http/app-env.ts'
import { publicReadCache } from '#server/http/cache.ts'
import { requireAdmin } from '#server/http/require-admin.ts'
import { jsonBody, pathParam, queryParams, readIdParam } from '#server/http/validate.ts'
import { blogListQuerySchema, blogPostInputSchema } from '#shared/blog.ts'
import type { BlogPostDto, BlogPostPageResponse, BlogPostsResponse } from '#shared/dto.ts'
import {
  BLOG_POST_NOT_FOUND,
  createPost,
  deletePost,
  getPublishedPost,
  listAllPosts,
  listPublishedPostsPage,
  updatePost,
} from './blog-posts.service.ts'

export function blogPostsRoutes(deps: AppDeps) {
  const db = deps.database.db
  const defaultAuthor = deps.config.site.mapTeamName
  const admin = requireAdmin(deps)
  const cache = publicReadCache(deps)

  return new Hono<AppEnv>()
    .get('/blog-posts', queryParams(blogListQuerySchema), (c) => {
      const { page, pageSize } = c.req.valid('query')
      return cache.respond(c, `blog-posts?page=${page}&pageSize=${pageSize}`, async () => {
        const { posts, total } = await listPublishedPostsPage(db, { page, pageSize })
        const body: BlogPostPageResponse = { posts, page, pageSize, total }
        return body
      })
    })

    .get('/blog-posts/:id', (c) => {
      const id = readIdParam(c, BLOG_POST_NOT_FOUND)
      return cache.respond(c, `blog-posts/${id}`, async () => {
        const body: BlogPostDto = await getPublishedPost(db, id)
        return body
      })
    })

    .get('/admin/blog-posts', admin, async (c) => {
      c.header('Cache-Control', 'no-store')
      const body: BlogPostsResponse = { posts: await listAllPosts(db) }
      return c.json(body)
    })

    .post('/admin/blog-posts', admin, jsonBody(blogPostInputSchema), async (c) => {
      const body: BlogPostDto = await createPost(db, c.req.valid('json'), {
        defaultAuthor,
        timeZone: deps.config.timeZone,
      })
      return c.json(body, 201)
    })

    .put(
      '/admin/blog-posts/:id',
      admin,
      pathParam((c) => readIdParam(c, BLOG_POST_NOT_FOUND)),
      jsonBody(blogPostInputSchema),
      async (c) => {
        const body: BlogPostDto = await updatePost(db, c.var.param, c.req.valid('json'), {
          defaultAuthor,
          timeZone: deps.config.timeZone,
        })
        return c.json(body)
      },
    )

    .delete('/admin/blog-posts/:id', admin, async (c) => {
      await deletePost(db, readIdParam(c, BLOG_POST_NOT_FOUND))
      return c.body(null, 204)
    })
}
