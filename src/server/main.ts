import { createServer, type RequestListener, type ServerOptions } from 'node:http'
import { openDatabase, PgliteFolderError } from './db/client.ts'
import { DataDirLockedError } from './db/data-dir-lock.ts'
import { EnvError, loadConfig } from './env.ts'
import { createLogger } from './lib/logger.ts'

/** The app's modules: loaded while the database opens (PGlite compiles and starts meanwhile). */
async function loadServerModules() {
  const [
    { serve },
    { createApp, ownerDigestContext },
    bootstrap,
    { startHoldSweeper },
    { startOutboxWorker },
    { withFastReadPath },
    { startRefundWorker },
    { checkoutContext },
    { startMailingDeadlines },
    { startArtworkReminders },
    { noticeContext },
    { startOwnerDigest },
    { startOffersTask, offerRoundContext },
    { startScanReports, scanReportContext },
    { withShortLinkRedirect },
  ] = await Promise.all([
    import('@hono/node-server'),
    import('./app.ts'),
    import('./bootstrap.ts'),
    import('./features/checkout/hold-sweeper.ts'),
    import('./lib/mailer/outbox.ts'),
    import('./http/fast-read-path.ts'),
    import('./features/orders/refunds.service.ts'),
    import('./features/checkout/checkout-context.ts'),
    import('./features/mailings/mailing-deadlines.ts'),
    import('./features/artwork/artwork-reminders.ts'),
    import('./features/artwork/artwork.routes.ts'),
    import('./features/owner-digest/owner-digest-task.ts'),
    import('./features/offers/offers-task.ts'),
    import('./features/short-links/scan-report.ts'),
    import('./features/short-links/fast-redirect.ts'),
  ])
  return {
    serve,
    createApp,
    ownerDigestContext,
    ...bootstrap,
    startHoldSweeper,
    startOutboxWorker,
    withFastReadPath,
    startRefundWorker,
    checkoutContext,
    startMailingDeadlines,
    startArtworkReminders,
    noticeContext,
    startOwnerDigest,
    startOffersTask,
    offerRoundContext,
    startScanReports,
    scanReportContext,
    withShortLinkRedirect,
  }
}

async function main() {
  const config = loadConfig()
  const logger = createLogger(config.logLevel)
  const modules = loadServerModules()
  modules.catch(() => {}) // reported by the await below
  const database = await openDatabase(config)
  const {
    serve,
    createApp,
    ownerDigestContext,
    prepareApp,
    defaultClientDir,
    authLoaded,
    startHoldSweeper,
    startOutboxWorker,
    withFastReadPath,
    startRefundWorker,
    checkoutContext,
    startMailingDeadlines,
    startArtworkReminders,
    noticeContext,
    startOwnerDigest,
    startOffersTask,
    offerRoundContext,
    startScanReports,
    scanReportContext,
    withShortLinkRedirect,
  } = await modules.catch(async (error) => {
    await database.close()
    throw error
  })
  const deps = await prepareApp(database, config, logger, { clientDir: defaultClientDir })
  const app = createApp(deps)
  // Background work, safe in every instance at once: lapsed holds (every 60 s) and the e-mail outbox (every
  // 2 s by default, OUTBOX_INTERVAL_MS).
  const sweeper = startHoldSweeper(database.db, logger)
  const outboxWorker = startOutboxWorker(database.db, {
    mailer: deps.mailer,
    from: config.mail.from,
    logger,
    intervalMs: config.mail.outboxIntervalMs,
  })
  // Refunds owed (an administrator's, a late payment's; every 30 s): recorded with the decision, carried out here.
  const { workerIntervalMs, leaseMs } = config.payments.refunds
  const refundWorker = startRefundWorker(checkoutContext(deps), { intervalMs: workerIntervalMs, leaseMs })
  // A mailing whose sales close has passed is written closed (every 30 s), so public reads stop offering it.
  const mailingDeadlines = startMailingDeadlines(database.db, logger)
  // Artwork reminders 7 days and 1 day before each mailing's artwork deadline, and the proof's "check your
  // ad" e-mail to advertisers who bought after it was built (every 5 min, deduplicated).
  const artworkReminders = startArtworkReminders({ ...noticeContext(deps), secret: deps.authSecret }, logger)
  // The owner's daily digest from 7:00 on the town's clock (every 5 min, one e-mail a day by its dedupe key).
  const ownerDigest = startOwnerDigest(ownerDigestContext(deps), logger)
  // Returning advertisers' offers once a mailing's days are set up, and offers whose window ended (15 s).
  const offersTask = startOffersTask(offerRoundContext(deps))
  // Two weeks after a mailing's in-homes date, each advertiser with scans hears how many (every 5 min, deduplicated).
  const scanReports = startScanReports(scanReportContext(deps), logger)
  // Short-link scans counted in memory, written every 2 s (and once more on shutdown, before the database closes).
  const scanFlusher = deps.shortLinks?.startFlushing()
  logger.info(
    { payments: deps.payments.name, holdMinutes: config.payments.holdMinutes, smtp: Boolean(deps.mailer) },
    deps.payments.name === 'local'
      ? 'payments: local test checkout (TEST MODE, no card is charged)'
      : 'payments: Stripe Checkout',
  )

  // Cache hits of the public reads are answered below Hono (http/fast-read-path.ts), and so are short-link
  // scans (/go/{code}); the rest goes to Hono.
  const shortLinks = deps.shortLinks
  const createFastServer = ((options: ServerOptions, listener: RequestListener) => {
    const reads = withFastReadPath(deps, listener)
    return createServer(options, shortLinks ? withShortLinkRedirect({ ...deps, shortLinks }, reads) : reads)
  }) as typeof createServer
  const listen = {
    fetch: app.fetch,
    port: config.port,
    hostname: config.host,
    createServer: createFastServer,
  }
  const server = serve(listen, (info) => {
    logger.info(
      {
        port: info.port,
        engine: database.engine,
        dataDir: database.engine === 'pglite' ? config.dataDir : undefined,
      },
      `Townflyer is listening on http://localhost:${info.port}`,
    )
    authLoaded(deps.auth).then(
      () => logger.debug('sign-in ready (better-auth loaded)'),
      () => {}, // logged by bootstrap
    )
  })
  server.on('error', async (error: NodeJS.ErrnoException) => {
    logger.fatal(
      error.code === 'EADDRINUSE'
        ? `Port ${config.port} is already in use: set PORT to another port.`
        : error.message,
    )
    await database.close()
    process.exit(1)
  })

  let stopping = false
  const stop = (signal: string) => {
    if (stopping) return
    stopping = true
    logger.info({ signal }, 'shutting down')
    sweeper.stop()
    outboxWorker.stop()
    refundWorker.stop()
    mailingDeadlines.stop()
    artworkReminders.stop()
    ownerDigest.stop()
    offersTask.stop()
    scanReports.stop()
    deps.mailer?.close()
    server.close()
    Promise.resolve(scanFlusher?.stop())
      .then(() => database.close())
      .finally(() => process.exit(0))
    setTimeout(() => process.exit(0), 5000).unref()
  }
  process.on('SIGINT', () => stop('SIGINT'))
  process.on('SIGTERM', () => stop('SIGTERM'))
}

main().catch((error) => {
  if (
    error instanceof EnvError ||
    error instanceof DataDirLockedError ||
    error instanceof PgliteFolderError
  ) {
    console.error(`\nTownflyer cannot start.\n${error.message}\n`)
  } else {
    console.error('Townflyer failed to start:', error)
  }
  process.exit(1)
})
