import type { ReactNode } from "react";
import { Link } from "react-router";
import type { LegalBlock, LegalDocument } from "~/content/legal";

function Block({ block }: { block: LegalBlock }) {
  switch (block.kind) {
    case "paragraph":
      return <p>{block.text}</p>;
    case "list":
      return (
        <ul className="list-disc space-y-1 pl-5">
          {block.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      );
    case "cookies":
      // Three columns (purpose under the name) so the table still fits a 375 px phone without scrolling.
      return (
        <ThreeColumns caption={block.caption} headings={["Cookie", "Duration", "Set today"]}>
          {block.cookies.map((cookie) => (
            <tr key={cookie.name} className="border-b border-slate-200 align-top" data-testid="cookie-row">
              <th scope="row" className="py-2 pr-3 font-normal">
                <span className="block font-semibold text-slate-900">{cookie.name}</span>
                <span className="block text-slate-600">{cookie.purpose}</span>
              </th>
              <td className="py-2 pr-3" data-testid="cookie-duration">
                {cookie.duration}
              </td>
              <td className="py-2">{cookie.setToday ? "Yes" : "No"}</td>
            </tr>
          ))}
        </ThreeColumns>
      );
    case "storage":
      // The same three columns as the cookie table; each key in code type, what it holds under it.
      return (
        <ThreeColumns caption={block.caption} headings={["Key", "What it holds", "Kept"]}>
          {block.entries.map((entry) => (
            <tr key={entry.key} className="border-b border-slate-200 align-top" data-testid="storage-row">
              <th scope="row" className="py-2 pr-3 font-normal">
                <span className="block font-semibold text-slate-900">{entry.name}</span>
                <code className="block break-all text-slate-700" data-testid="storage-key">
                  {entry.key}
                </code>
                <span className="block text-slate-600">
                  {entry.area === "local" ? "Local storage" : "Session storage"}
                </span>
              </th>
              <td className="py-2 pr-3">{entry.holds}</td>
              <td className="py-2">{entry.kept}</td>
            </tr>
          ))}
        </ThreeColumns>
      );
  }
}

/** A legal page's table: three columns, narrow enough for a 375 px phone, its rows given. */
function ThreeColumns({
  caption,
  headings,
  children,
}: {
  caption: string;
  headings: readonly [string, string, string];
  children: ReactNode;
}) {
  return (
    <table className="w-full border-collapse text-left text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="border-b border-slate-300">
          {headings.map((heading, i) => (
            <th key={heading} scope="col" className={`py-2 font-semibold ${i < 2 ? "pr-3" : ""}`.trim()}>
              {heading}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}

/** One legal document (SPEC §2): title, 'Last updated: <its date>', Back to Home, typed sections. */
export function LegalPage({ doc, supportEmail }: { doc: LegalDocument; supportEmail: string }) {
  return (
    <article className="mx-auto max-w-3xl">
      <Link
        to="/"
        className="inline-flex min-h-10 items-center gap-1 text-sm font-medium text-blue-800 hover:underline focus-visible:outline-2 focus-visible:outline-blue-700"
      >
        <span aria-hidden="true">←</span>
        Back to Home
      </Link>
      <header className="mt-2 border-b border-slate-200 pb-4">
        <h1 className="text-3xl font-bold">{doc.title}</h1>
        <p className="mt-2 text-sm text-slate-600">
          Last updated: <time dateTime={doc.lastUpdated.iso}>{doc.lastUpdated.label}</time>
        </p>
      </header>

      <div className="mt-6 rounded-xl border border-blue-200 bg-blue-50 p-4 text-sm text-blue-950">
        <p>
          <strong>In short:</strong> {doc.summary}
        </p>
      </div>

      <nav aria-label="On this page" className="mt-6">
        <h2 className="text-sm font-semibold text-slate-900">On this page</h2>
        <ol className="mt-2 space-y-1 text-sm sm:columns-2">
          {doc.sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`} className="text-blue-800 hover:underline">
                {section.heading}
              </a>
            </li>
          ))}
        </ol>
      </nav>

      <div className="mt-8 space-y-8 leading-relaxed text-slate-800">
        {doc.sections.map((section) => (
          <section key={section.id} aria-labelledby={section.id} className="space-y-3">
            <h2 id={section.id} className="scroll-mt-40 text-xl font-semibold text-slate-900">
              {section.heading}
            </h2>
            {section.blocks.map((block) => (
              <Block
                key={block.kind === "paragraph" ? block.text : `${block.kind}-${section.id}`}
                block={block}
              />
            ))}
          </section>
        ))}
        <section aria-labelledby="contact" className="space-y-3">
          <h2 id="contact" className="scroll-mt-40 text-xl font-semibold text-slate-900">
            Contact
          </h2>
          <p>
            Email{" "}
            <a href={`mailto:${supportEmail}`} className="font-medium text-blue-800 underline">
              {supportEmail}
            </a>
            . We respond within 24h.
          </p>
        </section>
      </div>
    </article>
  );
}
