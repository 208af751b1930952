import type { Route } from "./+types/not-found";

export const meta: Route.MetaFunction = () => [
  { title: "Page not found | OddsPulse" },
  { name: "robots", content: "noindex" },
];

export function loader({ request }: Route.LoaderArgs) {
  // SPEC §2: the 404 is logged. The root ErrorBoundary renders the page inside the shell.
  console.warn(`[404] ${request.method} ${new URL(request.url).pathname}`);
  throw new Response(null, { status: 404 });
}

export default function NotFound() {
  return null;
}
