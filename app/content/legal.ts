/**
 * Legal pages (SPEC §2 legal pages, §5 minimum age, §9 cookie durations, price-change notice, liability
 * cap, date). The texts must stay true of the product: no accounts, no payments, no analytics, no
 * cookies set by the application; the watchlist and alerts kept in the browser's local storage, and an
 * alert subscription kept on the server until it is deleted (decision 0050). If that changes, these
 * documents change with it, and so does their date.
 */

/** A document's "Last updated" date: as the page shows it, and as `<time dateTime>` and the metadata give it. */
export interface LegalDate {
  label: string;
  iso: string;
}

/** SPEC §9's date: a document whose text has not changed since keeps it. */
export const LEGAL_SEED_DATE: LegalDate = { label: "January 1, 2025", iso: "2025-01-01" };
/** The privacy and cookie policies began to say what the watchlist and alerts store (decision 0050). */
export const STORED_DATA_DATE: LegalDate = { label: "November 26, 2026", iso: "2026-11-26" };

/** SPEC §5 / §9 figures, named so the texts and the tests read the same values. */
export const MINIMUM_AGE = 18;
export const PRICE_CHANGE_NOTICE_DAYS = 30;
export const LIABILITY_CAP_MONTHS = 12;

export type LegalBlock =
  | { kind: "paragraph"; text: string }
  | { kind: "list"; items: readonly string[] }
  | { kind: "cookies"; caption: string; cookies: readonly CookieKind[] }
  | { kind: "storage"; caption: string; entries: readonly BrowserStorageEntry[] };

export interface LegalSection {
  /** Anchor id of the section heading. */
  id: string;
  heading: string;
  blocks: readonly LegalBlock[];
}

export interface LegalDocument {
  path: "/privacy-policy" | "/terms-of-service" | "/cookie-policy";
  title: string;
  /** Meta description. */
  description: string;
  /** The short answer, shown above the sections. */
  summary: string;
  /** When the text last changed. */
  lastUpdated: LegalDate;
  sections: readonly LegalSection[];
}

/** SPEC §9 cookie durations: the kinds of cookie the product may use and the longest each may last. */
export interface CookieKind {
  name: string;
  purpose: string;
  duration: string;
  /** Whether the application sets it today (none: no accounts, no theme switch, no analytics). */
  setToday: boolean;
}

export const COOKIE_KINDS: readonly CookieKind[] = [
  {
    name: "Session cookie",
    purpose: "Keeps one visit together, for example a form you are filling in",
    duration: "Session (deleted when you close the browser)",
    setToday: false,
  },
  {
    name: "Authentication cookie",
    purpose: "Keeps you signed in, if accounts are ever offered",
    duration: "30 days",
    setToday: false,
  },
  {
    name: "Theme preference",
    purpose: "Remembers a light or dark display choice",
    duration: "1 year",
    setToday: false,
  },
  {
    name: "Analytics",
    purpose: "Counts page visits in aggregate, only with your consent",
    duration: "2 years",
    setToday: false,
  },
  {
    name: "Marketing consent",
    purpose: "Remembers whether you accepted or refused consent",
    duration: "1 year",
    setToday: false,
  },
];

/** One entry the application writes to the browser's storage, what it holds and how long it stays. */
export interface BrowserStorageEntry {
  key: string;
  /** Local storage stays until deleted; session storage goes when the tab is closed. */
  area: "local" | "session";
  /** What it is for, as the page names it. */
  name: string;
  holds: string;
  kept: string;
}

/**
 * Every entry the application writes to the browser's storage: the watchlist and the alerts in local
 * storage (app/lib/watchlist.ts, app/lib/alerts-storage.ts), and React Router's own two in session storage
 * (its <ScrollRestoration /> in app/root.tsx, and its route discovery after a new deployment). No cookie,
 * IndexedDB or Cache Storage; the service worker (public/sw.js) stores nothing. The keys are written out
 * rather than imported, so this page does not load the alerts code; a test holds them equal to the code's.
 */
export const BROWSER_STORAGE: readonly BrowserStorageEntry[] = [
  {
    key: "oddspulse:watchlist:v1",
    area: "local",
    name: "Watchlist",
    holds:
      "The markets you starred: each market's address, title and first outcome, its price when you starred it, and when.",
    kept: "Until you remove the star or clear this site's data",
  },
  {
    key: "oddspulse:alerts:v1",
    area: "local",
    name: "Alerts",
    holds:
      "The alerts you turned on: the id of your alert subscription on our server and the secret that lets this browser change or delete it, your alert rules, and the names of the events and traders they follow (the names are never sent to us).",
    kept: "Until you remove your last alert or clear this site's data",
  },
  {
    key: "react-router-scroll-positions",
    area: "session",
    name: "Scroll positions",
    holds: "How far down you had scrolled on each page of this tab, so Back and Forward return you there.",
    kept: "Until you close the tab",
  },
  {
    key: "react-router-manifest-version",
    area: "session",
    name: "Site version",
    holds:
      "The site's version, written only when the site was updated while you were using it, so the page reloads once to the new version.",
    kept: "Until you close the tab",
  },
];

const STORAGE_CAPTION = "What the application keeps in your browser's local and session storage";

const CONTACT_SENTENCE = "Questions about this document: write to the support address below.";

/** Where an alert subscription lives on our side and what it holds (app/.server/alerts/store.ts, migration 0008). */
const SUBSCRIPTION_STORED =
  "When you turn on an alert, your browser's push subscription is stored on our server, in our database: the push service address your browser gave us (its endpoint) and its two encryption keys, with your alert rules (which events and trader wallets you follow, and for what), when the subscription was made and when an alert was last sent to it. The secret that lets your browser change or delete it is kept only as a hash. Nothing else about you is stored with it: no name, no email address, no IP address, no cookie.";

/** How long it stays and what deletes it (app/.server/alerts/deliver.ts: 404 or 410 from the push service). */
const SUBSCRIPTION_KEPT =
  "It is kept until you delete it, or until the push service tells us the subscription no longer exists (it refuses an alert we send with 404 or 410), and is then deleted. So that an alert is never sent twice, we also note which alerts were sent to it and when; those notes are deleted after 7 days, and with the subscription.";

/** How a visitor deletes what is stored (app/components/alerts/your-alerts.tsx and push.ts). */
const HOW_TO_DELETE =
  "To delete your alerts, open your watchlist page and press Remove beside each one under \"Your alerts\". Removing an alert updates your rules on our server; removing the last one deletes the subscription from our server and unsubscribes this browser from our notifications. Unstarring a market removes it from your watchlist. Clearing this site's data in your browser's settings deletes both local storage entries, and usually your browser's push subscription too, but the browser does not tell us: our copy is then deleted the next time we try to send you an alert and the push service refuses it. To delete it from our server at once, remove your alerts first.";

export const PRIVACY_POLICY: LegalDocument = {
  path: "/privacy-policy",
  title: "Privacy Policy",
  description:
    "What OddsPulse does with information about visitors: no accounts, no analytics, no advertising, no cookies set by the application; your watchlist and alerts are kept in your browser, an alert subscription on our server until you delete it.",
  summary:
    "OddsPulse has no accounts, no analytics and no advertising, and the application sets no cookies. We do not collect your name, email address or payment details to use the site. Your watchlist and alert choices are kept in your browser's local storage; if you turn on alerts, your browser's push subscription and your alert rules are also stored on our server until you delete them.",
  lastUpdated: STORED_DATA_DATE,
  sections: [
    {
      id: "who-we-are",
      heading: "Who we are",
      blocks: [
        {
          kind: "paragraph",
          text: "OddsPulse is a free, public dashboard that mirrors prediction markets from Polymarket and adds sentiment analysis and X mention counts. This policy explains what information is involved when you use it.",
        },
      ],
    },
    {
      id: "information-we-do-not-collect",
      heading: "Information we do not collect",
      blocks: [
        {
          kind: "list",
          items: [
            "No accounts or sign-in: we never ask for your name, email address or password to use the site.",
            "No payments: nothing can be bought, so we hold no payment details.",
            "No analytics, advertising or tracking scripts, and no profiles of visitors.",
          ],
        },
      ],
    },
    {
      id: "information-processed",
      heading: "Information processed when you visit",
      blocks: [
        {
          kind: "paragraph",
          text: "Like every website, your browser sends technical information with each request: your IP address, browser type and the address of the page, including any search terms you typed into it. The site is hosted on Cloudflare, which processes this information to deliver and protect the site under its own privacy policy.",
        },
        {
          kind: "paragraph",
          text: "The application's own log lines record technical events, such as a failed request to a data provider or the path of a page that was not found. They do not contain your IP address.",
        },
      ],
    },
    {
      id: "third-parties",
      heading: "Data providers and third-party content",
      blocks: [
        {
          kind: "paragraph",
          text: "To build the dashboard, OddsPulse sends market titles and descriptions to a language-model provider and market keywords to the X API. These requests are about markets, never about you.",
        },
        {
          kind: "paragraph",
          text: "Market images are loaded by your browser directly from the image hosts Polymarket provides, and links to Polymarket or X open their sites. Those services see your request under their own policies.",
        },
        {
          kind: "paragraph",
          text: "Alerts you turn on are delivered through the push service your browser uses, run by your browser's maker. Each notification is encrypted for your browser before we send it.",
        },
      ],
    },
    {
      id: "stored-in-your-browser",
      heading: "What is kept in your browser",
      blocks: [
        {
          kind: "paragraph",
          text: "Your watchlist and your alert choices are kept in your browser's local storage, on your device, once you use them. The watchlist itself is never sent to us: to show current prices, the watchlist page asks our API for each starred market by its address.",
        },
        {
          kind: "paragraph",
          text: "React Router, the framework the site is built with, also keeps two entries of its own in your browser's session storage, which is emptied when you close the tab. None of these entries is a cookie: your browser does not send them with your requests.",
        },
        { kind: "storage", caption: STORAGE_CAPTION, entries: BROWSER_STORAGE },
        {
          kind: "paragraph",
          text: "Turning on an alert also installs our service worker, which only shows the notifications we send and opens their page when you click one; it stores and caches nothing.",
        },
      ],
    },
    {
      id: "stored-on-our-server",
      heading: "What is kept on our server: alert subscriptions",
      blocks: [
        { kind: "paragraph", text: SUBSCRIPTION_STORED },
        { kind: "paragraph", text: SUBSCRIPTION_KEPT },
      ],
    },
    {
      id: "deleting",
      heading: "Deleting what is stored",
      blocks: [{ kind: "paragraph", text: HOW_TO_DELETE }],
    },
    {
      id: "cookies",
      heading: "Cookies",
      blocks: [
        {
          kind: "paragraph",
          text: "The application sets no cookies. The Cookie Policy lists the kinds of cookies we might use in the future and how long each would last.",
        },
      ],
    },
    {
      id: "email",
      heading: "When you email us",
      blocks: [
        {
          kind: "paragraph",
          text: "If you write to support, we use your email address and message only to answer you, and keep them no longer than needed to handle your request.",
        },
      ],
    },
    {
      id: "age",
      heading: "Age",
      blocks: [
        {
          kind: "paragraph",
          text: `OddsPulse is intended for people aged ${MINIMUM_AGE} and over, as set out in the Terms of Service.`,
        },
      ],
    },
    {
      id: "rights",
      heading: "Your rights",
      blocks: [
        {
          kind: "paragraph",
          text: "We keep no profile about you. You can delete what your browser keeps, and an alert subscription on our server, yourself, as described above. If you have emailed us, you can ask for a copy of that correspondence or for its deletion.",
        },
      ],
    },
    {
      id: "changes",
      heading: "Changes to this policy",
      blocks: [
        {
          kind: "paragraph",
          text: `If this policy changes, the date at the top of this page changes with it. ${CONTACT_SENTENCE}`,
        },
      ],
    },
  ],
};

export const TERMS_OF_SERVICE: LegalDocument = {
  path: "/terms-of-service",
  title: "Terms of Service",
  description: `The terms for using OddsPulse: information only, no financial advice, minimum age ${MINIMUM_AGE}, ${PRICE_CHANGE_NOTICE_DAYS} days notice of price changes.`,
  summary: `OddsPulse is a free information service, not financial advice. You must be at least ${MINIMUM_AGE} to use it.`,
  lastUpdated: LEGAL_SEED_DATE,
  sections: [
    {
      id: "acceptance",
      heading: "Acceptance",
      blocks: [
        {
          kind: "paragraph",
          text: "By using OddsPulse you agree to these terms. If you do not agree, please do not use the site.",
        },
      ],
    },
    {
      id: "eligibility",
      heading: "Eligibility",
      blocks: [
        {
          kind: "paragraph",
          text: `You must be at least ${MINIMUM_AGE} years old to use OddsPulse.`,
        },
      ],
    },
    {
      id: "service",
      heading: "The service",
      blocks: [
        {
          kind: "paragraph",
          text: "OddsPulse shows market data mirrored from Polymarket, X mention counts and automated sentiment analysis. It has no accounts and no trading: nothing on the site places an order. OddsPulse is independent and not affiliated with Polymarket, X or any language-model provider.",
        },
      ],
    },
    {
      id: "no-advice",
      heading: "No financial advice",
      blocks: [
        {
          kind: "paragraph",
          text: "Sentiment scores and recommendations are automated readings that can be wrong. They are information, not financial, legal or tax advice. You are responsible for your own decisions and for following the laws that apply to you.",
        },
      ],
    },
    {
      id: "accuracy",
      heading: "Accuracy and availability",
      blocks: [
        {
          kind: "paragraph",
          text: "Data may be delayed, incomplete or unavailable. Figures that are estimates or sample content are labelled as such. The service is provided as is, without a guarantee that it will be available at any particular time.",
        },
      ],
    },
    {
      id: "acceptable-use",
      heading: "Acceptable use",
      blocks: [
        {
          kind: "list",
          items: [
            "Do not try to break, probe or bypass the site's security.",
            "Do not send automated traffic in volumes that degrade the service for others.",
            "Do not present OddsPulse content as your own or as advice from us.",
          ],
        },
      ],
    },
    {
      id: "fees",
      heading: "Fees and price changes",
      blocks: [
        {
          kind: "paragraph",
          text: `The service is free today. If paid plans are ever introduced, we will give at least ${PRICE_CHANGE_NOTICE_DAYS} days notice before any price change takes effect.`,
        },
      ],
    },
    {
      id: "liability",
      heading: "Limitation of liability",
      blocks: [
        {
          kind: "paragraph",
          text: `To the extent the law allows, our total liability for any claim is limited to the amount you paid us in the last ${LIABILITY_CAP_MONTHS} months before the claim. While the service is free, that amount is zero.`,
        },
      ],
    },
    {
      id: "third-party",
      heading: "Third-party sites",
      blocks: [
        {
          kind: "paragraph",
          text: "Links to Polymarket, X and other sites are provided for convenience. Those sites have their own terms, and we are not responsible for them.",
        },
      ],
    },
    {
      id: "changes",
      heading: "Changes to these terms",
      blocks: [
        {
          kind: "paragraph",
          text: `We may update these terms; the date at the top of this page shows the current version. ${CONTACT_SENTENCE}`,
        },
      ],
    },
  ],
};

export const COOKIE_POLICY: LegalDocument = {
  path: "/cookie-policy",
  title: "Cookie Policy",
  description:
    "OddsPulse sets no cookies today. What it keeps in your browser's local storage, and the kinds of cookie it may use in the future and how long each would last.",
  summary:
    "The OddsPulse application currently sets no cookies: there are no accounts, no analytics and no advertising. Your watchlist and alert choices are kept in your browser's local storage, under the keys listed below. This page also lists the kinds of cookie we might use in the future and how long each would last.",
  lastUpdated: STORED_DATA_DATE,
  sections: [
    {
      id: "what-cookies-are",
      heading: "What cookies are",
      blocks: [
        {
          kind: "paragraph",
          text: "Cookies are small text files a website asks your browser to keep and send back on later visits, for example to remember a preference.",
        },
      ],
    },
    {
      id: "cookies-today",
      heading: "Cookies we set today",
      blocks: [
        {
          kind: "paragraph",
          text: "None. The application sets no cookies.",
        },
        {
          kind: "paragraph",
          text: "Our host, Cloudflare, may set a strictly necessary security cookie (such as __cf_bm, which lasts 30 minutes) when its bot protection checks a request. It is used to protect the site, not to track you.",
        },
      ],
    },
    {
      id: "local-storage",
      heading: "Local and session storage",
      blocks: [
        {
          kind: "paragraph",
          text: "Local storage is space in your browser that a website can write to and read back; unlike a cookie, it is not sent with your requests. The application writes to it only when you star a market or turn on an alert. Session storage is the same kind of space, emptied when you close the tab; React Router, the framework the site is built with, keeps two entries there. These are all the keys:",
        },
        { kind: "storage", caption: STORAGE_CAPTION, entries: BROWSER_STORAGE },
        {
          kind: "paragraph",
          text: `An alert also needs something on our side. ${SUBSCRIPTION_STORED} ${SUBSCRIPTION_KEPT} The Privacy Policy says more.`,
        },
        { kind: "paragraph", text: HOW_TO_DELETE },
      ],
    },
    {
      id: "durations",
      heading: "Cookie durations",
      blocks: [
        {
          kind: "paragraph",
          text: "If we add cookies, they will be of these kinds and last no longer than shown. Analytics and marketing cookies would only be set after you consent.",
        },
        { kind: "cookies", caption: "Kinds of cookie and how long each lasts", cookies: COOKIE_KINDS },
      ],
    },
    {
      id: "managing",
      heading: "Managing cookies",
      blocks: [
        {
          kind: "paragraph",
          text: "Every browser lets you see, block and delete cookies in its settings. Blocking cookies does not affect OddsPulse today. Clearing this site's data also deletes the watchlist and alerts kept in local storage.",
        },
      ],
    },
    {
      id: "changes",
      heading: "Changes to this policy",
      blocks: [
        {
          kind: "paragraph",
          text: `If we start setting cookies, this page will say so and the date at the top will change. ${CONTACT_SENTENCE}`,
        },
      ],
    },
  ],
};
