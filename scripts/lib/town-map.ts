import sharp from 'sharp'

/**
 * A made-up town map as a PNG, for the proof's benchmark and its rendered example: blocks between a grid of
 * streets (a few of them parks, seeded, so every run draws the same map) and a river across the middle.
 */
export async function townMapPng(width: number, height: number, seed = 7): Promise<Buffer> {
  let state = seed
  const next = () => {
    state = (state * 1664525 + 1013904223) % 2 ** 32
    return state / 2 ** 32
  }
  const blocks: string[] = []
  for (let x = 0; x < width; x += 150)
    for (let y = 0; y < height; y += 150) {
      const fill =
        next() < 0.12
          ? '#b7dfa4'
          : `rgb(${225 + Math.floor(next() * 25)},221,${205 + Math.floor(next() * 20)})`
      blocks.push(`<rect x="${x + 12}" y="${y + 12}" width="126" height="126" rx="6" fill="${fill}"/>`)
    }
  const y = (fraction: number) => Math.round(height * fraction)
  const x = (fraction: number) => Math.round(width * fraction)
  const river = `M0 ${y(0.43)} C ${x(0.33)} ${y(0.33)}, ${x(0.58)} ${y(0.67)}, ${width} ${y(0.6)}`
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#fdfdf8"/>${blocks.join('')}<path d="${river}" stroke="#8cc4ec" stroke-width="90" fill="none"/></svg>`
  return sharp(Buffer.from(svg)).png().toBuffer()
}
