import { Badge } from "~/components/ui/badge";
import type { LiveMessageDoc, LiveReference } from "~/lib/api-reference";
import { CodeBlock } from "./code-block";

/** A browser script that follows whale trades and one event's prices. */
function exampleScript(url: string): string {
  return [
    `const socket = new WebSocket("${url}");`,
    "socket.onopen = () =>",
    '  socket.send(JSON.stringify({ subscribe: ["whales", "event:<an event\'s slug>"] }));',
    "socket.onmessage = (message) => {",
    "  const data = JSON.parse(message.data);",
    '  if (data.type === "price") console.log(data.market, data.outcome, data.price);',
    '  if (data.type === "trade") console.log(data.title, data.size * data.price);',
    "};",
  ].join("\n");
}

function Message({ message }: { message: LiveMessageDoc }) {
  const name = message.type ?? "subscribe / unsubscribe";
  const headingId = `live-${message.type ?? "client"}`;
  return (
    <article
      aria-labelledby={headingId}
      className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4"
      data-testid="live-message"
    >
      <h3 id={headingId} className="flex flex-wrap items-center gap-2 text-base font-semibold">
        <Badge variant={message.from === "client" ? "outline" : "secondary"}>
          {message.from === "client" ? "You send" : "The server sends"}
        </Badge>
        <code className="font-mono">{name}</code>
      </h3>
      <p className="text-sm text-slate-700">{message.description}</p>
      <details className="text-sm">
        <summary className="cursor-pointer font-medium text-blue-800">
          JSON Schema <span className="sr-only">of {name}</span>
        </summary>
        <div className="mt-2" data-schema={message.title}>
          <CodeBlock code={message.schema} label={`${message.title} (JSON Schema)`} scroll />
        </div>
      </details>
    </article>
  );
}

/** /api-access: the live WebSocket, its rules and one JSON Schema per message. */
export function LiveProtocol({
  live,
  requestsPerMinute,
}: {
  live: LiveReference;
  requestsPerMinute: number;
}) {
  return (
    <section aria-labelledby="api-live" className="mb-10 flex flex-col gap-3">
      <h2 id="api-live" className="text-xl font-semibold">
        Live updates (WebSocket)
      </h2>
      <p className="text-sm text-slate-700">
        Prices of the events the site lists and new whale trades, pushed as they happen: the socket the site's
        own pages use. Connect to <code className="font-mono break-all">{live.url}</code>, then send the
        topics to follow.
      </p>
      <CodeBlock label="Browser JavaScript" code={exampleScript(live.url)} />
      <ul className="flex list-disc flex-col gap-1.5 pl-5 text-sm text-slate-700">
        <li>
          Topics: <code className="font-mono">whales</code> (every new trade over $50K) and{" "}
          <code className="font-mono">event:&lt;slug&gt;</code> (the prices of one event's markets, for the
          events in the site's snapshot; others are accepted and stay quiet). At most {live.maxTopics} topics
          per socket, and a message is at most {live.maxMessageBytes.toLocaleString("en-US")} bytes.
        </li>
        <li>
          At most {live.socketsPerClient} open sockets per client (a <code className="font-mono">429</code>{" "}
          beyond); each connection counts as one of the {requestsPerMinute} requests a minute. A request
          without the WebSocket upgrade gets <code className="font-mono">426</code>.
        </li>
        <li>
          At most one <code className="font-mono">price</code> message per market every {live.coalesceMs} ms,
          carrying the latest value. Prices are live only while the last{" "}
          <code className="font-mono">status</code> says <code className="font-mono">connected</code>; the
          REST endpoints above stay the record.
        </li>
        <li>
          A message the server cannot accept gets an <code className="font-mono">error</code> message saying
          why; the socket stays open. Reconnect with back-off when it closes.
        </li>
      </ul>
      <h3 className="text-base font-semibold">Messages</h3>
      <p className="text-sm text-slate-700">
        Every message is one JSON object. These schemas are generated from the ones the server and the site
        check messages with.
      </p>
      <div className="flex flex-col gap-3">
        {live.messages.map((message) => (
          <Message key={message.title} message={message} />
        ))}
      </div>
    </section>
  );
}
