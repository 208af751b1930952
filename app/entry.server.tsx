// React's Bun build (its Node dependencies come from nodejs_compat) rather than the one workerd would
// pick: it hands each piece of the page to its destination as a string, so the finished page is one
// join, where the browser build encodes every attribute and text to bytes (a tenth of a render) and
// the Node build still encodes them into buffers that the page memory decodes again (decisions 0045, 0046).
import type { Writable } from "node:stream";
import type { ReactNode } from "react";
import { renderToPipeableStream } from "react-dom/server.bun";
import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { requestContext } from "./.server/context";
import { ServerHtmlContext } from "./components/ui/server-html";

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

/**
 * What React writes the page into: it calls `write` with each string, `flush` when it has written
 * all it can for now, and `end` when the page is complete. `flushed` gets each flush's text.
 */
function sink(flushed: (text: string) => void, ended: () => void, failed: (error: unknown) => void) {
  let parts: string[] = [];
  const flush = () => {
    if (parts.length === 0) return;
    flushed(parts.join(""));
    parts = [];
  };
  return {
    write(chunk: string) {
      parts.push(chunk);
      return true;
    },
    flush,
    end() {
      flush();
      ended();
    },
    destroy: failed,
    // React listens for drain, error and close; writing never blocks or fails here.
    on() {},
  } as unknown as Writable;
}

/** Streams the document; crawlers get the complete page, browsers get the shell first. */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const { nonce, bot, rendered, serverHtml } = loadContext.get(requestContext);
  let status = responseStatusCode;
  let shellRendered = false;
  const shell = Promise.withResolvers<void>();
  const allReady = Promise.withResolvers<void>();
  const page: ReactNode = (
    <ServerHtmlContext value={serverHtml}>
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
    </ServerHtmlContext>
  );
  const render = renderToPipeableStream(page, {
    nonce,
    onShellReady: shell.resolve,
    onShellError: shell.reject,
    onAllReady: allReady.resolve,
    onError(error: unknown) {
      status = 500;
      // Shell errors reject and are logged by React Router; log the ones inside the stream.
      if (shellRendered) console.error(error);
    },
  });
  request.signal.addEventListener("abort", () => render.abort(request.signal.reason), { once: true });
  await shell.promise;
  shellRendered = true;

  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  if (!bot && !routerContext.isSpaMode && (await hasPendingData(routerContext))) {
    // Something is still streaming (a cold cache). Compressing would hold the shell back until the
    // compressor's buffer fills, i.e. until the data arrives, so this response goes uncompressed.
    responseHeaders.set("Content-Encoding", "identity");
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        render.pipe(
          sink(
            (text) => controller.enqueue(encoder.encode(text)),
            () => controller.close(),
            (error) => controller.error(error),
          ),
        );
      },
      // The client went away: stop rendering what nobody will read.
      cancel: (reason) => render.abort(reason),
    });
    return new Response(body, { headers: responseHeaders, status });
  }
  // Nothing to wait for (or a crawler, who waits for everything): the page is finished, so it goes
  // out in one piece, as one string (which the page memory keeps).
  await allReady.promise;
  const html = await new Promise<string>((resolve, reject) => {
    let text = "";
    render.pipe(
      sink(
        (part) => {
          text += part;
        },
        () => resolve(text),
        reject,
      ),
    );
  });
  rendered.html = html;
  return new Response(html, { headers: responseHeaders, status });
}
