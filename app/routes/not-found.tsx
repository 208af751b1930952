import { requestContext } from "~/.server/context";
import type { Route } from "./+types/not-found";

export function loader({ request, context }: Route.LoaderArgs) {
  // The Worker sends pages asked for with another method than GET/HEAD here, to answer 405 in the shell.
  const { refusedMethod } = context.get(requestContext);
  if (refusedMethod) throw new Response(null, { status: 405 });
  // SPEC §2: the 404 is logged. The root ErrorBoundary renders the page inside the shell.
  console.warn(`[404] ${request.method} ${new URL(request.url).pathname}`);
  throw new Response(null, { status: 404 });
}

export default function NotFound() {
  return null;
}
