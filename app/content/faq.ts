/**
 * Help-center content (SPEC §2 help center, §3 FAQ item). Every answer must stay true of the product:
 * the cadence comes from ~/lib/refresh-cadence and the score range from ~/lib/sentiment (both checked
 * against the code by unit tests); when the sources or anything else change, change the answer too.
 * Answers are plain text so the help search can match them.
 */
import type { FaqCategory } from "~/lib/help-search";
import {
  MARKETS_EVERY,
  MARKETS_FRESH_FOR,
  MENTIONS_REUSED_FOR,
  REFRESH_SENTENCE,
  WHALES_EVERY,
  WHALES_LISTED_WITHIN,
} from "~/lib/refresh-cadence";
import { SCORE_BOUNDS, SCORE_RANGE_TEXT } from "~/lib/sentiment";

const { max, directionalMin, neutralMax } = SCORE_BOUNDS;

export const FAQ_CATEGORIES: readonly FaqCategory[] = [
  {
    id: "getting-started",
    title: "Getting Started",
    items: [
      {
        id: "what-is-oddspulse",
        question: "What is OddsPulse?",
        answer:
          "OddsPulse is a free, public dashboard for people who follow prediction markets. It mirrors the 100 most-traded active markets on Polymarket and adds, for each one, a sentiment score with a buy-yes / buy-no / neutral recommendation, an X (Twitter) mention count, a trending flag and a live flag. Whale Watch lists large trades over $50K.",
      },
      {
        id: "need-account",
        question: "Do I need an account to use OddsPulse?",
        answer:
          "No. There are no accounts and no sign-in: every page and feature is public. Nothing is traded here either: the Yes and No prices on a market card open that market on Polymarket in a new tab, and any order is placed there, with your Polymarket account.",
      },
      {
        id: "find-market",
        question: "How do I find a specific market?",
        answer:
          "Use the category buttons under the header (Politics, Sports, Crypto and the rest) or type in the 'Search markets...' box. The search matches market titles, ignores upper and lower case, and is kept in the address bar, so you can bookmark or share a filtered view.",
      },
      {
        id: "financial-advice",
        question: "Are the recommendations financial advice?",
        answer:
          "No. A recommendation is an automated reading of the market's title, description and price by a language model (or a labelled estimate). It can be wrong, and it does not know your situation. Do your own research before trading anywhere.",
      },
    ],
  },
  {
    id: "features-tools",
    title: "Features & Tools",
    items: [
      {
        id: "data-sources",
        question: "Where does the data come from?",
        answer:
          "Markets, prices and volumes come from Polymarket's Gamma API; large trades come from Polymarket's Data API. Mention counts are X API v2 recent post counts (original posts of the last 7 days) for a query derived from each event's title: 'Bitcoin' for a bitcoin title; the election a title names, with its own year, kind and place ('Presidential Election Winner 2028' is counted as '2028 presidential election'); 'AI technology' for an AI title; otherwise the title's first three words. Cards and event pages show the query each count is of, and a total counts each distinct query once. Sentiment comes from an OpenAI-compatible language model (by default Grok from xAI), asked for a structured verdict on each market.",
      },
      {
        id: "update-cadence",
        question: "How often is the data updated?",
        answer: `${REFRESH_SENTENCE} A market snapshot older than ${MARKETS_FRESH_FOR} is still shown at once and refreshed in the background. X counts are reused for up to ${MENTIONS_REUSED_FOR} per keyword, and a market is only re-analysed by the model when it is new or its price moved by at least one point. The Status page shows when each dataset was last refreshed.`,
      },
      {
        id: "estimated-meaning",
        question: "What does 'estimated' mean next to a figure?",
        answer:
          "When X counts or the language model are not configured or fail (or a refresh has used up its X request budget), OddsPulse fills the gap with a deterministic estimate and labels it 'estimated'. Estimated mentions come from a fixed range per topic; estimated sentiment follows the market's own 24-hour price move. The same market always gets the same estimate: nothing is random, and nothing estimated is presented as live.",
      },
      {
        id: "sample-meaning",
        question: "What does 'sample data' mean?",
        answer:
          "If the Polymarket feed fails and no good copy is cached, the home page shows three built-in sample markets (Russia-Ukraine ceasefire, Bitcoin 100k, AGI by 2030), labelled as sample data, instead of an empty page. Some figures on the Sentiment Analysis, Market Intelligence, Trading Signals and Status pages are sample content too, and say so on the page.",
      },
      {
        id: "sentiment-score",
        question: "How do I read the sentiment score and confidence?",
        answer: `The score runs from ${SCORE_RANGE_TEXT}. A bullish reading scores +${directionalMin} to +${max}, a bearish one -${directionalMin} to -${max} and a neutral one -${neutralMax} to +${neutralMax}; the surer the reading, the further from zero. On the cards, above +20 reads bullish and below -20 bearish. Confidence is how sure the model (or the estimate) is, in percent. The recommendation badge reads BUY YES, BUY NO or NEUTRAL.`,
      },
      {
        id: "flags",
        question: "What do the LIVE and Trending badges mean?",
        answer:
          "A market is LIVE when it has traded volume and its end date is still in the future. Trending is about X: with live counts, a keyword is trending when its latest full day has more than 1.5 times the average of the earlier days; with estimated counts, when the estimate falls in the upper third of its range.",
      },
      {
        id: "whale-watch",
        question: "What is Whale Watch?",
        answer: `Whale Watch lists recent Polymarket trades worth more than $50K, newest first, checked ${WHALES_EVERY} and listed within ${WHALES_LISTED_WITHIN}. Each card shows the market, the outcome, the amount, the odds at the time and a shortened wallet address linking to the trader's public profile. A whale can sell as well as buy.`,
      },
    ],
  },
  {
    id: "account-billing",
    title: "Account & Billing",
    items: [
      {
        id: "cost",
        question: "How much does OddsPulse cost?",
        answer:
          "Nothing. The dashboard is free and there is no billing: we never ask for payment details and there is nothing to subscribe to or cancel.",
      },
      {
        id: "delete-account",
        question: "How do I change or delete my account?",
        answer:
          "There are no accounts, so there is nothing to change or delete. We do not ask for your name or email address to use the site; if you write to support, we use your address only to reply.",
      },
      {
        id: "api-plans",
        question: "Is there an API, and what does it cost?",
        answer:
          "Yes, and it is free: a read-only JSON API at /api/v1 with no key and no sign-up, documented on the API Access page with its OpenAPI document. Each IP address may make 120 requests a minute. There are no paid plans; if that ever changes, it will be announced 30 days in advance.",
      },
    ],
  },
  {
    id: "technical-support",
    title: "Technical Support",
    items: [
      {
        id: "stale-or-error",
        question: "What happens when a data source is down?",
        answer:
          "The page still loads. A failed refresh never replaces good data: you see the last good copy with its age. If the market feed fails and nothing is cached, you see the labelled sample markets; if X or the model fail, their figures become labelled estimates; if the trade feed fails, Whale Watch says so.",
      },
      {
        id: "no-javascript",
        question: "Does the site work without JavaScript?",
        answer:
          "Mostly. Pages are rendered on the server, so market lists, the market search and this help search work as ordinary links and forms. Without JavaScript every answer is shown open; switching tabs needs JavaScript.",
      },
      {
        id: "report-problem",
        question: "How do I report a problem or wrong data?",
        answer:
          "Use Email Support on this page. Tell us the page address, what you expected and what you saw; a screenshot helps. We respond within 24h.",
      },
    ],
  },
];

/** A common problem and what to try, in order (Troubleshooting tab). */
export interface TroubleshootingIssue {
  id: string;
  title: string;
  symptom: string;
  steps: readonly string[];
}

export const TROUBLESHOOTING: readonly TroubleshootingIssue[] = [
  {
    id: "old-data",
    title: "Market data looks out of date",
    symptom: `Prices or volumes differ from Polymarket, or the last-updated time is more than ${MARKETS_FRESH_FOR} ago.`,
    steps: [
      `Reload the page: a snapshot older than ${MARKETS_FRESH_FOR} is refreshed in the background, and the next load shows the new one.`,
      "Check the Status page: it shows when the markets were last refreshed successfully.",
      `Small differences are expected: OddsPulse mirrors Polymarket ${MARKETS_EVERY}, not tick by tick.`,
    ],
  },
  {
    id: "estimated-sample",
    title: "Figures are labelled 'estimated' or 'sample data'",
    symptom: "Mention counts or sentiment say 'estimated', or the home page shows only three sample markets.",
    steps: [
      "'Estimated' means X counts or the language model were unavailable for that refresh; live figures return on a later refresh once they answer again.",
      "'Sample data' means the Polymarket feed failed and nothing good was cached; reload in a few minutes.",
      "The Status page lists the current source of each dataset.",
    ],
  },
  {
    id: "whales-empty",
    title: "Whale Watch shows no trades",
    symptom: "The page says 'No large trades found at the moment.' or shows an error card.",
    steps: [
      "Only trades worth more than $50K are listed; quiet hours can have none.",
      `Trades are checked ${WHALES_EVERY} and a new one is listed within ${WHALES_LISTED_WITHIN}: wait a few minutes and reload.`,
      "An error card means Polymarket's Data API did not answer; the last good list returns with the next successful refresh.",
    ],
  },
];

/** Subject of the support mail draft, so requests are easy to spot. */
export const SUPPORT_SUBJECT = "OddsPulse support request";

/** SPEC §9: support answers within this time. */
export const SUPPORT_RESPONSE_TIME = "24h";
