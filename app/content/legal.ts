/**
 * Legal pages (SPEC §2 legal pages, §5 minimum age, §9 cookie durations, price-change notice, liability
 * cap, date). The texts must stay true of the product: no accounts, no payments, no analytics, no
 * cookies or local storage set by the application. If that changes, these documents change with it.
 */

/** SPEC §9: every legal page is dated January 1, 2025. */
export const LEGAL_LAST_UPDATED = { label: "January 1, 2025", iso: "2025-01-01" } as const;

/** SPEC §5 / §9 figures, named so the texts and the tests read the same values. */
export const MINIMUM_AGE = 18;
export const PRICE_CHANGE_NOTICE_DAYS = 30;
export const LIABILITY_CAP_MONTHS = 12;

export type LegalBlock =
  | { kind: "paragraph"; text: string }
  | { kind: "list"; items: readonly string[] }
  | { kind: "cookies"; caption: string; cookies: readonly CookieKind[] };

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

const CONTACT_SENTENCE = "Questions about this document: write to the support address below.";

export const PRIVACY_POLICY: LegalDocument = {
  path: "/privacy-policy",
  title: "Privacy Policy",
  description:
    "What OddsPulse does with information about visitors: no accounts, no analytics, no advertising, no cookies set by the application.",
  summary:
    "OddsPulse has no accounts, no analytics and no advertising, and the application sets no cookies. We do not collect your name, email address or payment details to use the site.",
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
      ],
    },
    {
      id: "cookies",
      heading: "Cookies and local storage",
      blocks: [
        {
          kind: "paragraph",
          text: "The application sets no cookies and stores nothing in your browser's local storage. The Cookie Policy lists the kinds of cookies we might use in the future and how long each would last.",
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
          text: "Because we keep no profile about you, there is usually nothing to access, correct or delete. If you have emailed us, you can ask for a copy of that correspondence or for its deletion.",
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
    "OddsPulse sets no cookies today. The kinds of cookie it may use in the future and how long each would last.",
  summary:
    "The OddsPulse application currently sets no cookies: there are no accounts, no analytics and no advertising. This page lists the kinds of cookie we might use in the future and how long each would last.",
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
          text: "None. The application sets no cookies and uses no local storage.",
        },
        {
          kind: "paragraph",
          text: "Our host, Cloudflare, may set a strictly necessary security cookie (such as __cf_bm, which lasts 30 minutes) when its bot protection checks a request. It is used to protect the site, not to track you.",
        },
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
          text: "Every browser lets you see, block and delete cookies in its settings. Blocking cookies does not affect OddsPulse today.",
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
