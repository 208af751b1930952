import {
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteLoaderData,
} from "react-router";
import { requestContext } from "./.server/context";
import { rootPage } from "./.server/pages/root";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import { SiteFooter } from "./components/layout/site-footer";
import { SiteHeader } from "./components/layout/site-header";
import { LiveAnnouncer } from "./components/live/announcer";
import { ExternalLink } from "./components/ui/external-link";
import { LazyToaster } from "./components/ui/toaster";
import { type MissingPage, missingPageText, readMissingPage } from "./lib/not-found";
import type { RootData } from "./lib/seo";
import { SITE_NAME } from "./lib/seo";

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
  // Installable (iOS delivers Web Push only to a web app added to the home screen; decision 0043).
  { rel: "manifest", href: "/manifest.webmanifest" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
];

/** The error pages' titles (the root's boundary renders them, so the root's meta names them). */
export const meta: Route.MetaFunction = ({ error }) => {
  if (!error) return [];
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const title =
    status === 404 ? "Page not found" : status === 405 ? "Method not allowed" : "Something went wrong";
  return [{ title: `${title} | ${SITE_NAME}` }, { name: "robots", content: "noindex" }];
};

export function loader({ context, request }: Route.LoaderArgs): RootData {
  return rootPage(context.get(requestContext), request);
}

// The origin and support address never change between navigations.
export function shouldRevalidate() {
  return false;
}

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1d4ed8" />
        {/* First in line: the page can't paint before it, the scripts can wait. (Under the workerd
            tests, which skip the CSS pipeline, there is no stylesheet URL: render no link then.) */}
        {stylesheet ? <link rel="stylesheet" href={stylesheet} /> : null}
        <Meta />
        <Links />
        <noscript>
          {/* Without JavaScript nothing can open an accordion: show every answer instead. */}
          <style>{".accordion-content[hidden]{display:block}"}</style>
        </noscript>
      </head>
      <body className="min-h-screen bg-slate-50 text-slate-900 antialiased">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
        >
          Skip to content
        </a>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

function Shell({ children, year }: { children: React.ReactNode; year: number }) {
  return (
    <>
      <SiteHeader />
      <main id="main" className="mx-auto min-h-[60vh] max-w-7xl px-4 py-6">
        {children}
      </main>
      <SiteFooter year={year} />
      <LiveAnnouncer />
      <LazyToaster />
    </>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  return (
    <Shell year={loaderData.year}>
      <Outlet />
    </Shell>
  );
}

/** The slug a market or event 404 was for, as text, and a link to Polymarket's search for its words. */
function MissingPageHint({ page }: { page: MissingPage }) {
  const { sentence, linkText, href } = missingPageText(page);
  return (
    <>
      <p className="mt-2 max-w-xl break-words text-slate-700" data-testid="missing-slug">
        {sentence}
      </p>
      <ExternalLink href={href} className="mt-4 text-blue-800 underline" testId="missing-search">
        {linkText}
      </ExternalLink>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const notFound = status === 404;
  // A market or event page that is not found names its slug and offers Polymarket's search for it.
  const missing = notFound && isRouteErrorResponse(error) ? readMissingPage(error.data) : null;
  const root = useRouteLoaderData<RootData>("root");
  const body = (
    <div className="flex flex-col items-center py-16 text-center">
      <h1 className="text-5xl font-bold">
        {notFound
          ? "404"
          : status === 405 || status === 400 || status === 429 || status === 503
            ? String(status)
            : "Unexpected Application Error!"}
      </h1>
      {notFound && <p className="mt-4 text-xl text-slate-700">Oops! Page not found</p>}
      {missing && <MissingPageHint page={missing} />}
      {(status === 400 || status === 429 || status === 503) &&
        isRouteErrorResponse(error) &&
        typeof error.data === "string" && <p className="mt-4 text-xl text-slate-700">{error.data}</p>}
      {status === 405 && (
        <p className="mt-4 text-xl text-slate-700">
          Method not allowed: pages here can only be read. Nothing was sent or changed.
        </p>
      )}
      <Link className="mt-6 text-blue-800 underline" to="/">
        Return to Home
      </Link>
    </div>
  );
  // Without root data the shell's loader failed: render the message alone.
  return root ? <Shell year={root.year}>{body}</Shell> : <main id="main">{body}</main>;
}
