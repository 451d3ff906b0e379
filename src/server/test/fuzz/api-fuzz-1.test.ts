// @engines pglite postgres
import { defineApiFuzz } from './api-fuzz.ts'

/** The API fuzz, shard 1 of 3 (api-fuzz.ts says what it checks). */
defineApiFuzz(0, 3)
