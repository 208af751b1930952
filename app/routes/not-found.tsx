import { Link } from "react-router";
import type { Route } from "./+types/not-found";

export const meta: Route.MetaFunction = () => [
  { title: "Page not found | OddsPulse" },
  { name: "robots", content: "noindex" },
];

export function loader({ request }: Route.LoaderArgs) {
  // SPEC §2: the 404 is logged.
  console.warn(`[404] ${request.method} ${new URL(request.url).pathname}`);
  throw new Response(null, { status: 404 });
}

export default function NotFound() {
  return null;
}

export function ErrorBoundary() {
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-2xl flex-col items-center justify-center p-8 text-center">
      <h1 className="text-6xl font-bold">404</h1>
      <p className="mt-4 text-xl text-slate-700">Oops! Page not found</p>
      <Link className="mt-6 text-blue-700 underline" to="/">
        Return to Home
      </Link>
    </main>
  );
}
