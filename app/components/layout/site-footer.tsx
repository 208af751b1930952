import { FOOTER_LINKS } from "~/lib/site";
import { useLinkNavigation } from "./use-link-navigation";

export function SiteFooter({ year }: { year: number }) {
  const navigate = useLinkNavigation();
  return (
    <footer className="mt-16 border-t border-slate-200 bg-slate-50">
      <div className="mx-auto max-w-7xl px-4 py-8">
        <nav aria-label="Footer">
          <ul className="grid grid-cols-2 gap-x-6 gap-y-2 text-sm sm:grid-cols-3 lg:grid-cols-5">
            {FOOTER_LINKS.map((link) => (
              <li key={link.path}>
                <a
                  href={link.path}
                  onClick={navigate}
                  data-discover="true"
                  className="text-slate-700 hover:text-blue-800 hover:underline"
                >
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <p className="mt-6 text-xs text-slate-600">
          © {year} OddsPulse. Market data from Polymarket. Not financial advice; no trading happens here.
        </p>
      </div>
    </footer>
  );
}
