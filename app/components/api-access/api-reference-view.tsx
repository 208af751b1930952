import { PageHeader } from "~/components/insights/layout";
import { Badge } from "~/components/ui/badge";
import { Deferred } from "~/components/ui/deferred";
import { PathText } from "~/components/ui/path-text";
import { ScrollBox } from "~/components/ui/scroll-box";
import { Skeleton } from "~/components/ui/skeleton";
import { type ApiExample, type ApiOperation, type ApiReference, curlLine } from "~/lib/api-reference";
import { FEED_FILES, FEED_FORMATS } from "~/lib/feeds";
import { REFRESH_SENTENCE } from "~/lib/refresh-cadence";
import { CodeBlock } from "./code-block";
import { LiveProtocol } from "./live-protocol";

const METHOD_CLASS: Record<ApiOperation["method"], string> = {
  GET: "bg-emerald-100 text-emerald-900",
  POST: "bg-blue-100 text-blue-900",
  DELETE: "bg-rose-100 text-rose-900",
};

const FORMAT_LABEL = { rss: "RSS 2.0", atom: "Atom", json: "JSON Feed 1.1" } as const;

function Parameters({ op }: { op: ApiOperation }) {
  if (op.parameters.length === 0)
    return (
      <p className="text-sm text-slate-700">
        {op.method === "POST"
          ? "No parameters: a JSON body, as in the example request below (its schema is in openapi.json)."
          : "No parameters."}
      </p>
    );
  return (
    <ScrollBox label={`Parameters of GET /api/v1${op.path}`}>
      <table className="w-full min-w-[36rem] text-left text-sm">
        <caption className="sr-only">{`Parameters of GET /api/v1${op.path}`}</caption>
        <thead className="border-b border-slate-200 text-xs text-slate-600 uppercase">
          <tr>
            <th scope="col" className="py-2 pr-3 font-semibold">
              Name
            </th>
            <th scope="col" className="py-2 pr-3 font-semibold">
              In
            </th>
            <th scope="col" className="py-2 pr-3 font-semibold">
              Type
            </th>
            <th scope="col" className="py-2 font-semibold">
              Description
            </th>
          </tr>
        </thead>
        <tbody>
          {op.parameters.map((p) => (
            <tr key={`${p.in}-${p.name}`} className="border-b border-slate-100 align-top">
              <td className="py-2 pr-3 font-mono text-slate-900">
                {p.name}
                {p.required && <span className="ml-1 text-xs text-rose-800">required</span>}
              </td>
              <td className="py-2 pr-3 text-slate-700">{p.in}</td>
              <td className="py-2 pr-3 text-slate-700">{p.type}</td>
              <td className="py-2 text-slate-700">{p.description}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollBox>
  );
}

function Example({ example, server }: { example: ApiExample | undefined; server: string }) {
  if (!example) return null;
  return (
    <div className="flex flex-col gap-2">
      <CodeBlock code={curlLine(server, example.request)} label="Example request" />
      {example.ok ? (
        <>
          <CodeBlock code={example.value.json} label="Response (live data)" scroll />
          {example.value.note && <p className="text-xs text-slate-600">{example.value.note}</p>}
        </>
      ) : (
        <p
          role="status"
          className="rounded-md bg-amber-50 p-3 text-sm text-amber-950 ring-1 ring-amber-600/30"
        >
          Example response unavailable: {example.message}
        </p>
      )}
    </div>
  );
}

function Operation({
  op,
  server,
  examples,
}: {
  op: ApiOperation;
  server: string;
  examples: Record<string, ApiExample> | Promise<Record<string, ApiExample>>;
}) {
  const headingId = `op-${op.id}`;
  return (
    <article
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:p-5"
    >
      <h3 id={headingId} className="flex flex-wrap items-center gap-2 text-lg font-semibold">
        <span className={`rounded px-1.5 py-0.5 font-mono text-xs font-bold ${METHOD_CLASS[op.method]}`}>
          {op.method}
        </span>
        {/* Wraps between segments (a segment wider than the line, the only exception, breaks where it must). */}
        <code className="font-mono break-words">
          <PathText path={`/api/v1${op.path}`} />
        </code>
        <span className="text-base font-normal text-slate-700">{op.summary}</span>
      </h3>
      <p className="text-sm text-slate-700">{op.description}</p>
      <h4 className="text-sm font-semibold">Parameters</h4>
      <Parameters op={op} />
      <h4 className="text-sm font-semibold">Responses</h4>
      <ul className="flex flex-col gap-1 text-sm text-slate-700">
        {op.responses.map((r) => (
          <li key={r.status}>
            <span className="font-mono font-semibold text-slate-900">{r.status}</span> {r.description}
          </li>
        ))}
      </ul>
      {op.curl ? (
        <CodeBlock code={op.curl} label="Example request" />
      ) : (
        <Deferred
          value={examples}
          fallback={
            <div aria-busy="true">
              <span className="sr-only">Loading the example response…</span>
              <Skeleton className="h-32 w-full" />
            </div>
          }
          errorElement={
            <p className="text-sm text-amber-950">Example responses are unavailable right now.</p>
          }
        >
          {(ready) => <Example example={ready[op.id]} server={server} />}
        </Deferred>
      )}
    </article>
  );
}

/** /api-access: the public API's reference, generated from its OpenAPI document, with live examples. */
export function ApiReferenceView({
  reference,
  examples,
  origin,
}: {
  reference: ApiReference;
  examples: Record<string, ApiExample> | Promise<Record<string, ApiExample>>;
  origin: string;
}) {
  const { server, rateLimit } = reference;
  return (
    <>
      <PageHeader
        title="API Access"
        badges={
          <>
            <Badge variant="yes">Free</Badge>
            <Badge variant="secondary">No key</Badge>
            <Badge variant="outline">No account</Badge>
          </>
        }
      >
        Everything the site shows, as JSON: Polymarket events and markets with our forecasts and sentiment
        analysis, whale trades, our graded track record and the data pipeline's status. No sign-up and no key;
        CORS is open, so a web page can call it directly.
      </PageHeader>

      <nav aria-label="On this page" className="mb-8">
        <ul className="flex flex-wrap gap-2 text-sm">
          {[
            ["#api-quick-start", "Quick start"],
            ["#api-rules", "Limits and caching"],
            ["#api-reference", "Endpoints"],
            ["#api-live", "Live updates"],
            ["#api-feeds", "Feeds and exports"],
          ].map(([href, label]) => (
            <li key={href}>
              <a className="nav-chip px-3" href={href}>
                {label}
              </a>
            </li>
          ))}
        </ul>
      </nav>

      <section aria-labelledby="api-quick-start" className="mb-10 flex flex-col gap-3">
        <h2 id="api-quick-start" className="text-xl font-semibold">
          Quick start
        </h2>
        <p className="text-sm text-slate-700">
          The API lives at <code className="font-mono">{server}</code>. Its OpenAPI 3.1 document,{" "}
          <a className="text-blue-800 underline" href={reference.documentUrl}>
            openapi.json
          </a>
          , is generated from the same schemas the code checks requests with; load it into any OpenAPI tool to
          generate a client.
        </p>
        <CodeBlock
          label="Terminal"
          code={[
            "# The five politics events that moved most in 24 hours",
            curlLine(server, "/events?category=politics&sort=change&limit=5"),
            "# The five markets most bullish or bearish right now",
            curlLine(server, "/markets?sort=sentiment&limit=5"),
            "# Whale trades of $100K or more on Yes",
            curlLine(server, "/whales?minUsd=100000&outcome=yes"),
            "# Every call we have made, graded",
            curlLine(server, "/track-record"),
          ].join("\n")}
        />
      </section>

      <section aria-labelledby="api-rules" className="mb-10 flex flex-col gap-2 text-sm text-slate-700">
        <h2 id="api-rules" className="text-xl font-semibold text-slate-900">
          Limits and caching
        </h2>
        <ul className="flex list-disc flex-col gap-1.5 pl-5">
          <li>
            At most {rateLimit.requests} requests a minute per client (an IPv4 address, or an IPv6 /64),
            counted over every <code className="font-mono">/api</code> route. Every answer carries{" "}
            <code className="font-mono">RateLimit-Limit</code>,{" "}
            <code className="font-mono">RateLimit-Remaining</code> and{" "}
            <code className="font-mono">RateLimit-Reset</code>; beyond the limit you get{" "}
            <code className="font-mono">429</code> with <code className="font-mono">Retry-After</code> in
            seconds. Looking up a market outside the 100 in the snapshot asks Polymarket on your behalf: at
            most {rateLimit.lookups} such lookups a minute, pages included. Pages served from the snapshot are
            not limited.
          </li>
          <li>
            Every answer has an <code className="font-mono">ETag</code>: send it back in{" "}
            <code className="font-mono">If-None-Match</code> and an unchanged answer is a bodiless{" "}
            <code className="font-mono">304</code>. <code className="font-mono">Cache-Control</code> says how
            long the data stays fresh. {REFRESH_SENTENCE}
          </li>
          <li>
            Errors are JSON: <code className="font-mono">{'{ "error": { "code", "message" } }'}</code>; a{" "}
            <code className="font-mono">400</code> names the parameter that was wrong in{" "}
            <code className="font-mono">error.parameter</code>.
          </li>
          <li>
            Every figure says where it came from: <code className="font-mono">provenance</code> (live, cached,
            partly estimated, estimated or sample) and <code className="font-mono">fetchedAt</code>.
          </li>
          <li>
            The older <code className="font-mono">/api/markets</code>,{" "}
            <code className="font-mono">/api/whales</code> and <code className="font-mono">/api/health</code>{" "}
            keep answering as before (stable aliases, not rate limited).
          </li>
        </ul>
      </section>

      <section aria-labelledby="api-reference" className="mb-10 flex flex-col gap-4">
        <h2 id="api-reference" className="text-xl font-semibold">
          Endpoints
        </h2>
        <p className="text-sm text-slate-700">
          {reference.title} {reference.version}. The example responses are made from the data the API served
          when this page was rendered.
        </p>
        {reference.operations.map((op) => (
          <Operation key={op.id} op={op} server={server} examples={examples} />
        ))}
      </section>

      <LiveProtocol live={reference.live} requestsPerMinute={rateLimit.requests} />

      <section aria-labelledby="api-feeds" className="flex flex-col gap-2 text-sm text-slate-700">
        <h2 id="api-feeds" className="text-xl font-semibold text-slate-900">
          Feeds and exports
        </h2>
        <p>Follow the site in a feed reader; the whale feeds take the page's filters in the query string.</p>
        <ul className="flex list-disc flex-col gap-1.5 pl-5">
          {(
            [
              ["/whale-watch", "Whale trades"],
              ["/track-record", "Our calls and their gradings"],
            ] as const
          ).map(([page, label]) => (
            <li key={page}>
              {label}:{" "}
              {FEED_FORMATS.map((format, i) => (
                <span key={format}>
                  {i > 0 && ", "}
                  <a className="text-blue-800 underline" href={`${page}/${FEED_FILES[format]}`}>
                    {FORMAT_LABEL[format]}
                  </a>
                </span>
              ))}
            </li>
          ))}
          <li>
            The whole track record as CSV:{" "}
            <a className="text-blue-800 underline" href="/track-record.csv">
              {origin}/track-record.csv
            </a>
          </li>
        </ul>
      </section>
    </>
  );
}
