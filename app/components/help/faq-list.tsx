import { useEffect, useState } from "react";
import { Accordion, AccordionItem } from "~/components/ui/accordion";
import { Badge } from "~/components/ui/badge";
import { Card } from "~/components/ui/card";
import { FAQ_CATEGORIES } from "~/content/faq";
import { countFaqs, filterFaqs } from "~/lib/help-search";

const TOTAL = countFaqs(FAQ_CATEGORIES);

function categoryHeadingId(categoryId: string): string {
  return `faq-${categoryId}`;
}

/** SPEC §2/§8 no-match state, with the categories to browse instead. */
function NoResults({ onBrowse }: { onBrowse: (categoryId: string) => void }) {
  return (
    <Card className="p-6 text-center" data-testid="help-no-results">
      <p className="text-lg font-semibold text-slate-900">No results found</p>
      <p className="mt-1 text-sm text-slate-700">
        Try adjusting your search terms or browse our categories below.
      </p>
      <ul className="mt-4 flex flex-wrap justify-center gap-2">
        {FAQ_CATEGORIES.map((category) => (
          <li key={category.id}>
            {/* A real link for no-JS visitors; with JS it clears the search and jumps to the category. */}
            <a
              href={`/help-center#${categoryHeadingId(category.id)}`}
              onClick={(event) => {
                event.preventDefault();
                onBrowse(category.id);
              }}
              className="inline-flex min-h-9 items-center rounded-full bg-slate-100 px-4 text-sm font-medium text-slate-800 hover:bg-slate-200 focus-visible:outline-2 focus-visible:outline-blue-700"
            >
              {category.title} ({category.items.length})
            </a>
          </li>
        ))}
      </ul>
    </Card>
  );
}

/**
 * The FAQ, grouped by category, filtered by the help search; one accordion across all categories so
 * only one answer is open at a time.
 */
export function FaqList({ query, onClearQuery }: { query: string; onClearQuery: () => void }) {
  const results = filterFaqs(FAQ_CATEGORIES, query);
  const shown = countFaqs(results);
  const term = query.trim();
  const [focusTarget, setFocusTarget] = useState<string | null>(null);

  // After "browse" cleared the search, the category exists again: move focus (and the view) to it.
  useEffect(() => {
    if (focusTarget === null) return;
    document.getElementById(categoryHeadingId(focusTarget))?.focus();
    setFocusTarget(null);
  }, [focusTarget]);

  return (
    <div className="space-y-4">
      <p role="status" className="text-sm text-slate-700">
        {term === ""
          ? `${TOTAL} questions in ${FAQ_CATEGORIES.length} categories`
          : `${shown} of ${TOTAL} questions match “${term}”`}
      </p>
      {results.length === 0 ? (
        <NoResults
          onBrowse={(categoryId) => {
            onClearQuery();
            setFocusTarget(categoryId);
          }}
        />
      ) : (
        <Accordion className="space-y-4">
          {results.map((category) => (
            <Card key={category.id} className="px-4 pt-4 pb-1" data-testid="faq-category">
              <section aria-labelledby={categoryHeadingId(category.id)}>
                <div className="flex items-center justify-between gap-2">
                  <h2
                    id={categoryHeadingId(category.id)}
                    tabIndex={-1}
                    className="scroll-mt-40 text-lg font-semibold focus-visible:outline-2 focus-visible:outline-blue-700"
                  >
                    {category.title}
                  </h2>
                  <Badge variant="secondary">
                    {category.items.length} {category.items.length === 1 ? "question" : "questions"}
                  </Badge>
                </div>
                <div className="mt-1 divide-y divide-slate-200">
                  {category.items.map((item) => (
                    <AccordionItem key={item.id} value={item.id} title={item.question}>
                      <p className="leading-relaxed">{item.answer}</p>
                    </AccordionItem>
                  ))}
                </div>
              </section>
            </Card>
          ))}
        </Accordion>
      )}
    </div>
  );
}
