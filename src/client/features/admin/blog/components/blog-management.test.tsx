import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { json, renderWithQueries, stubFetchForEachTest } from '#client/test/admin-test-helpers.tsx'
import type { BlogPostDto } from '#shared/dto.ts'
import { prependPost, removePost, replacePost } from '../blog-posts-cache'
import { BlogManagement } from './blog-management'

const post = (id: string, title: string, extra: Partial<BlogPostDto> = {}): BlogPostDto => ({
  id,
  title,
  content: `${title} body`,
  author: 'Townflyer Map Team',
  isPublished: false,
  publicationDate: `2030-01-0${id.slice(-1)}`,
  coverImage: null,
  coverAlt: null,
  ...extra,
})

describe('blog list cache updates', () => {
  const list = { posts: [post('p2', 'Second'), post('p1', 'First')] }
  it('puts a new post on top, replaces an edited one in place and removes a deleted one', () => {
    expect(prependPost(list, post('p3', 'Third')).posts.map((p) => p.id)).toEqual(['p3', 'p2', 'p1'])
    expect(replacePost(list, post('p1', 'First, edited')).posts.map((p) => p.title)).toEqual([
      'Second',
      'First, edited',
    ])
    expect(removePost(list, 'p2').posts.map((p) => p.id)).toEqual(['p1'])
    expect(prependPost(undefined, post('p3', 'Third')).posts).toHaveLength(1)
  })
})

describe('BlogManagement', () => {
  // An older post with a later title first, to prove nothing is re-sorted after a save.
  const posts = [post('p2', 'Zebra news'), post('p1', 'Apple news')]
  const fetchMock = stubFetchForEachTest(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET'
    if (method === 'GET' && url.startsWith('/api/admin/media')) return json({ items: [] })
    if (method === 'GET') return json({ posts })
    if (method === 'POST') {
      const body = JSON.parse(String(init?.body))
      return json(post('p3', body.title, { author: body.author, isPublished: body.isPublished }), 201)
    }
    if (method === 'PUT') {
      const body = JSON.parse(String(init?.body))
      return json(post(url.split('/').pop() as string, body.title, { isPublished: body.isPublished }))
    }
    if (method === 'DELETE') return new Response(null, { status: 204 })
    return json({ error: { code: 'x', message: 'no' } }, 500)
  })

  function renderList() {
    renderWithQueries(<BlogManagement defaultAuthor="Townflyer Map Team" />)
  }

  const titles = () =>
    within(screen.getByRole('table'))
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[0]?.textContent)

  const getCalls = () =>
    fetchMock.mock.calls.filter(
      ([url, init]) => (init?.method ?? 'GET') === 'GET' && String(url).startsWith('/api/admin/blog-posts'),
    ).length

  it('creates, edits and deletes without refetching, keeping the list order', async () => {
    renderList()
    await waitFor(() => expect(titles()).toEqual(['Zebra news', 'Apple news']))

    fireEvent.click(screen.getAllByRole('button', { name: 'Add Post' })[0] as HTMLElement)
    const dialog = await screen.findByRole('dialog', { name: 'Create New Blog Post' })
    expect(within(dialog).getByPlaceholderText('Enter author name')).toHaveProperty(
      'value',
      'Townflyer Map Team',
    )
    expect(within(dialog).getByPlaceholderText('Enter post content').getAttribute('rows')).toBe('10')
    fireEvent.change(within(dialog).getByLabelText('Title'), { target: { value: 'Brand new' } })
    fireEvent.change(within(dialog).getByLabelText('Content'), { target: { value: 'Hello <b>there</b>' } })
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Create Post' }))
    })
    await waitFor(() => expect(titles()).toEqual(['Brand new', 'Zebra news', 'Apple news']))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(screen.getByText('Post Created')).toBeTruthy()

    fireEvent.click(screen.getByRole('button', { name: 'Edit Apple news' }))
    const edit = await screen.findByRole('dialog', { name: 'Edit Blog Post' })
    expect(within(edit).getByLabelText('Title')).toHaveProperty('value', 'Apple news')
    fireEvent.change(within(edit).getByLabelText('Title'), { target: { value: 'Apple news, edited' } })
    fireEvent.click(within(edit).getByRole('switch', { name: 'Publish post' }))
    await act(async () => {
      fireEvent.click(within(edit).getByRole('button', { name: 'Update Post' }))
    })
    await waitFor(() => expect(titles()).toEqual(['Brand new', 'Zebra news', 'Apple news, edited']))
    expect(screen.getByText('Published')).toBeTruthy()

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Delete Zebra news' }))
    })
    await waitFor(() => expect(titles()).toEqual(['Brand new', 'Apple news, edited']))
    expect(screen.getByText('Post Deleted')).toBeTruthy()
    expect(getCalls()).toBe(1)
  })

  it('refuses a blank title or content with their toasts and sends nothing', async () => {
    renderList()
    await waitFor(() => expect(titles()).toHaveLength(2))
    fireEvent.click(screen.getAllByRole('button', { name: 'Add Post' })[0] as HTMLElement)
    const dialog = await screen.findByRole('dialog')
    fireEvent.change(within(dialog).getByLabelText('Title'), { target: { value: '   ' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Post' }))
    expect(await screen.findByText('Title Required')).toBeTruthy()
    expect(screen.getByText('Please enter a title for the blog post.')).toBeTruthy()
    fireEvent.change(within(dialog).getByLabelText('Title'), { target: { value: 'A title' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Post' }))
    expect(await screen.findByText('Content Required')).toBeTruthy()
    expect(fetchMock.mock.calls.every(([, init]) => (init?.method ?? 'GET') === 'GET')).toBe(true)
  })
})
