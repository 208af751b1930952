// React's Node build (nodejs_compat) rather than the one workerd would pick: it writes each string of
// the page into a shared buffer, where the browser build allocates a TextEncoder array for every
// attribute and text, which made up a tenth of a render (decision 0045).
import { renderToReadableStream } from "react-dom/server.node";
import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { requestContext } from "./.server/context";

/** Whether a loader handed React Router data that is still on its way (a cold cache). */
async function hasPendingData(context: EntryContext): Promise<boolean> {
  const pending = Symbol();
  const promises = Object.values(context.staticHandlerContext.loaderData ?? {}).flatMap((data) =>
    data && typeof data === "object" ? Object.values(data).filter((v) => v instanceof Promise) : [],
  );
  if (promises.length === 0) return false;
  const first = await Promise.race([Promise.all(promises), Promise.resolve(pending)]);
  return first === pending;
}

/** Streams the document; crawlers get the complete page, browsers get the shell first. */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const { nonce, bot, rendered } = loadContext.get(requestContext);
  let status = responseStatusCode;
  let shellRendered = false;
  const body = await renderToReadableStream(
    <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
    {
      nonce,
      signal: request.signal,
      onError(error: unknown) {
        status = 500;
        // Shell errors reject and are logged by React Router; log the ones inside the stream.
        if (shellRendered) console.error(error);
      },
    },
  );
  shellRendered = true;

  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  if (!bot && !routerContext.isSpaMode && (await hasPendingData(routerContext))) {
    // Something is still streaming (a cold cache). Compressing would hold the shell back until the
    // compressor's buffer fills, i.e. until the data arrives, so this response goes uncompressed.
    responseHeaders.set("Content-Encoding", "identity");
    return new Response(body, { headers: responseHeaders, status });
  }
  // Nothing to wait for (or a crawler, who waits for everything): the page is finished, so it goes
  // out in one piece. React writes it in many small chunks; passing one body on is much cheaper for
  // the runtime than piping each chunk through every layer after this one.
  await body.allReady;
  const html = await new Response(body).text();
  rendered.html = html;
  return new Response(html, { headers: responseHeaders, status });
}
