import { describe, expect, it } from 'vitest'
import { TransferError } from './db-transfer.ts'
import { parseTransferArgs } from './transfer-cli.ts'

/** The options of npm run backup, restore, db-export and db-import. */
describe('parseTransferArgs', () => {
  it('reads the file, the database and --replace of a command that reads a file', () => {
    expect(parseTransferArgs(['--in', 'a.tar.gz', '--data-dir', 'data', '--replace'], '--in')).toEqual({
      file: 'a.tar.gz',
      databaseUrl: undefined,
      dataDir: 'data',
      replace: true,
    })
    expect(parseTransferArgs(['a.tar.gz', '--database-url', 'postgres://x/y'], '--in')).toEqual({
      file: 'a.tar.gz',
      databaseUrl: 'postgres://x/y',
      dataDir: undefined,
      replace: false,
    })
  })

  it.each([
    [['--out', 'a.ndjson', '--replace'], '--out', 'Unknown option --replace.'],
    [['--data-dir', 'data'], '--in', 'Name the file: --in <file>.'],
    [['--in'], '--in', '--in needs a value.'],
    [
      ['--in', 'a', '--data-dir', 'd', '--database-url', 'u'],
      '--in',
      'Give --database-url or --data-dir, not both.',
    ],
  ] as const)('refuses %j (%s): %s', (argv, flag, message) => {
    expect(() => parseTransferArgs([...argv], flag)).toThrow(new TransferError(message))
  })
})
