import { type ClassValue, clsx } from 'clsx'
import { createTailwindMerge } from 'tailwind-merge'
import { twMergeConfig } from './tailwind-merge-config'

const twMerge = createTailwindMerge(twMergeConfig)

export function cn(...inputs: ClassValue[]) {
  return twMerge(clsx(inputs))
}
