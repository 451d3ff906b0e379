// @engines pglite postgres
import { defineApiFuzz } from './api-fuzz.ts'

/** The API fuzz, shard 2 of 3 (api-fuzz.ts says what it checks). */
defineApiFuzz(1, 3)
