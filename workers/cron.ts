import { gapAlerts, marketAlerts, tradeAlerts } from "../app/.server/alerts/run";
import { getConfig } from "../app/.server/config";
import { createDeps, type Deps } from "../app/.server/deps";
import type { UpstreamCheck } from "../app/.server/history/store";
import { describeFailure } from "../app/.server/http";
import { crawlKalshi } from "../app/.server/kalshi/crawl";
import { pairKalshi } from "../app/.server/kalshi/pair-job";
import { createLog, type Log } from "../app/.server/log";
import { crawlSearchIndex } from "../app/.server/search/crawl";
import { refreshEventSmartMoney } from "../app/.server/snapshots/event-smart-money";
import { compactHistory } from "../app/.server/snapshots/history";
import { marketSnapshot, type StoredMarkets } from "../app/.server/snapshots/markets";
import { flushHistory } from "../app/.server/snapshots/outbox";
import { refreshSmartWallets } from "../app/.server/snapshots/smart-wallets";
import { refreshUmaStates } from "../app/.server/snapshots/uma-states";
import { lookUpWalletFacts } from "../app/.server/snapshots/wallet-facts";
import { type StoredWhales, whaleSnapshot } from "../app/.server/snapshots/whales";
import { settleOpenCalls } from "../app/.server/track-record/settle";
import { errorMessage } from "../app/lib/errors";
// The cron expressions of wrangler.toml [triggers]: one module says them, a unit test compares.
import { KALSHI_CRON, MARKETS_CRON, WHALES_CRON } from "../app/lib/refresh-cadence";
import type { ResolutionChange } from "../app/lib/resolution";
import { ok, type Section, unavailable } from "../app/lib/section";
import { isolateFor } from "./isolate";

const TRACK_RECORD_LOG = createLog("track-record");
const SEARCH_LOG = createLog("search");
const ALERTS_LOG = createLog("alerts");
const KALSHI_LOG = createLog("kalshi");

/** A cron job: its name and where its failure is logged, and its work (a failure is a result, not a throw). */
interface Job {
  name: string;
  log: Log;
  run: () => Promise<Section<unknown>>;
}

/** Runs jobs side by side; each failure is one log line, `[area] <name> failed: <why>`. */
async function runJobs(jobs: readonly (Job | null)[]): Promise<void> {
  const named = jobs.filter((job): job is Job => job !== null);
  const results = await Promise.all(
    named.map(({ run }) => run().catch((error: unknown) => unavailable(errorMessage(error)))),
  );
  results.forEach((result, i) => {
    const job = named[i];
    if (!result.ok && job) job.log.error(`${job.name} failed: ${result.message}`);
  });
}

/**
 * Prewarms the caches: markets every 10 min (fresh for 15, so visitors never hit a cold cache),
 * whales every minute. An unknown expression refreshes both. Failures keep the previous data.
 * What each run saw of each upstream it called is written with the build's own history batch; what a
 * failed build saw is written after it, through the same outbox (a D1 failure keeps it for the next
 * run, decision 0023). The market run also compacts the history and settles the track record; neither
 * can fail the run. The minute run also moves the search index's crawl on (a few Gamma pages, decision
 * 0034), beside the whale refresh: neither can fail the other. After them it refreshes the smart wallets
 * once a day and, in any other run, smart money for two shown events (decision 0055). The Kalshi cron runs
 * only the Kalshi crawl (decision 0057) and, after it, the cross-venue gap alerts: its own trigger, so its own
 * subrequest budget, and nothing else can fail with it.
 */
export async function runScheduled(cron: string, env: Env, ctx: ExecutionContext): Promise<void> {
  const checks: UpstreamCheck[] = [];
  const config = getConfig(env);
  const deps: Deps = {
    ...createDeps({ caches: isolateFor(env, config), ctx, config, db: env.DB }),
    reportCheck: (check) => checks.push(check),
    takeChecks: () => checks.splice(0),
  };
  if (cron === KALSHI_CRON) {
    await runJobs([kalshiJob(deps)]);
    // After the crawl and the pairing: the followed events' gaps at Kalshi's new prices.
    await runJobs([{ name: "gap alerts", log: KALSHI_LOG, run: () => gapAlerts(deps, env.ALERTS) }]);
    return;
  }
  const startedMs = deps.now();
  const markets = cron !== WHALES_CRON;
  const whales = cron !== MARKETS_CRON;
  const cronLog = createLog(`cron ${cron}`);
  let refreshed: Section<StoredMarkets> | null = null;
  let refreshedWhales: Section<StoredWhales> | null = null;
  await runJobs([
    markets
      ? {
          name: "markets refresh",
          log: cronLog,
          run: async () => {
            refreshed = await marketSnapshot.refresh(deps);
            return refreshed;
          },
        }
      : null,
    whales
      ? {
          name: "whales refresh",
          log: cronLog,
          run: async () => {
            refreshedWhales = await whaleSnapshot.refresh(deps);
            return refreshedWhales;
          },
        }
      : null,
    whales ? searchIndexJob(deps) : null,
  ]);
  const { history } = deps;
  if (!history) return;
  let umaChanges: Section<ResolutionChange[]> | null = null;
  const whaleList = refreshedWhales as Section<StoredWhales> | null;
  const whaleTrades = whaleList?.ok ? whaleList.value.snapshot.trades : [];
  await runJobs([
    // Checks of a build that failed before writing its batch (or of none at all): the outbox keeps what
    // the database does not take, so this never fails.
    checks.length > 0
      ? {
          name: "leftover checks",
          log: cronLog,
          run: async () => {
            await flushHistory(deps, [
              { id: `checks:${startedMs}`, atMs: startedMs, checks: checks.splice(0) },
            ]);
            return ok(null);
          },
        }
      : null,
    whales
      ? {
          name: "smart money",
          log: createLog("smart-money"),
          run: async () => {
            const wallets = await refreshSmartWallets(history, deps.upstreams.dataV2, deps.now());
            // The run that read the board (or failed to) has spent its share: the events wait a minute.
            if (!wallets.ok || wallets.value > 0) return wallets;
            const { value } = await marketSnapshot.inspect(deps);
            // Single attempts: a failing route costs one call per request, never its retries.
            return refreshEventSmartMoney(history, deps.lookupUpstreams.dataV2, value, deps.now());
          },
        }
      : null,
    whales
      ? {
          name: "wallet facts",
          log: createLog("radar"),
          run: () => lookUpWalletFacts(history, deps.upstreams.dataV2, whaleTrades, deps.now()),
        }
      : null,
    whales
      ? {
          name: "resolutions",
          log: createLog("resolution"),
          run: async () => {
            // The snapshot as stored, without scheduling its refresh: the market run rebuilds it.
            const stored = await marketSnapshot.inspect(deps);
            // A single attempt: a failing route costs this run one call, never its retries.
            umaChanges = await refreshUmaStates(
              history,
              deps.lookupUpstreams.dataV2,
              stored.value?.markets ?? null,
              deps.now(),
            );
            return umaChanges;
          },
        }
      : null,
    markets
      ? { name: "compaction", log: createLog("history"), run: () => compactHistory(history, deps.now()) }
      : null,
    markets ? { name: "settlement", log: TRACK_RECORD_LOG, run: () => settleCalls(deps, refreshed) } : null,
  ]);
  // Alerts last: they read what this run recorded (prices, calls) and the whale list it fetched.
  const entered = umaChanges as Section<ResolutionChange[]> | null;
  const marketList = refreshed as Section<StoredMarkets> | null;
  await runJobs([
    whales
      ? {
          name: "trade alerts",
          log: ALERTS_LOG,
          run: () => tradeAlerts(deps, env.ALERTS, whaleTrades, entered?.ok ? entered.value : []),
        }
      : null,
    markets
      ? {
          name: "market alerts",
          log: ALERTS_LOG,
          run: () => marketAlerts(deps, env.ALERTS, marketList?.ok ? marketList.value : null),
        }
      : null,
  ]);
}

/** Grades the calls whose markets resolved (the track record); a failure leaves them open for the next run. */
async function settleCalls(deps: Deps, refreshed: Section<StoredMarkets> | null): Promise<Section<null>> {
  const active = refreshed?.ok ? new Set(refreshed.value.snapshot.markets.map((m) => m.id)) : null;
  try {
    const run = await settleOpenCalls(deps, active);
    if (run.looked > 0)
      TRACK_RECORD_LOG.info(
        `looked up ${run.looked} markets: ${run.graded} calls graded, ${run.pending} markets pending`,
      );
    return ok(null);
  } catch (error) {
    return unavailable(`${describeFailure(error)} (the calls stay open for the next run)`);
  }
}

/** The search index's crawl: a few pages of every open event each minute (decision 0034); off without D1. */
function searchIndexJob(deps: Deps): Job | null {
  const { db, config } = deps;
  if (db === null || config.searchIndexPagesPerRun === 0) return null;
  return {
    name: "search index",
    log: SEARCH_LOG,
    run: () =>
      crawlSearchIndex({
        db,
        gamma: deps.upstreams.gamma,
        now: deps.now,
        pagesPerRun: config.searchIndexPagesPerRun,
        passMinutes: config.searchIndexPassMinutes,
      }),
  };
}

/**
 * Kalshi's open markets into D1 (decision 0057); off without D1 or with KALSHI_PAGES_PER_RUN = 0. A run that
 * completes a pass then pairs them with the shown Polymarket markets (the stored snapshot, no refresh
 * scheduled from here); a pairing failure is its own log line and waits for the next pass.
 */
function kalshiJob(deps: Deps): Job | null {
  const { db, config } = deps;
  if (db === null || config.kalshiPagesPerRun === 0) return null;
  return {
    name: "kalshi crawl",
    log: KALSHI_LOG,
    run: async () => {
      const crawled = await crawlKalshi({
        db,
        kalshi: deps.upstreams.kalshi,
        now: deps.now,
        pagesPerRun: config.kalshiPagesPerRun,
        passMinutes: config.kalshiPassMinutes,
        rowsPerDay: config.kalshiRowsPerDay,
      });
      if (crawled.ok && crawled.value.passComplete) {
        const paired = await pairKalshi({
          db,
          now: deps.now,
          shown: async () => (await marketSnapshot.inspect(deps)).value,
        });
        if (!paired.ok && paired.reason !== "empty")
          KALSHI_LOG.error(`kalshi pairs failed: ${paired.message}`);
        else if (!paired.ok) KALSHI_LOG.warn(paired.message);
      }
      return crawled;
    },
  };
}
