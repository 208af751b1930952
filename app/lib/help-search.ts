/** Help-center FAQ types and the SPEC §5 help search: case-insensitive substring on question or answer. */

export interface FaqItem {
  /** Stable id: the accordion value and the anchor of the answer. */
  id: string;
  question: string;
  answer: string;
}

export interface FaqCategory {
  /** Stable id: the anchor of the category section. */
  id: string;
  title: string;
  items: readonly FaqItem[];
}

/**
 * The query as it is matched: trimmed (a stray space from typing or a pasted term must not hide every
 * answer) and lower-cased. Lower-casing is locale-independent so the server and every browser agree.
 */
export function normaliseHelpQuery(query: string): string {
  return query.trim().toLowerCase();
}

/** Whether one FAQ matches an already-normalised query. An empty query matches everything. */
export function faqMatches(item: FaqItem, normalisedQuery: string): boolean {
  if (normalisedQuery === "") return true;
  return (
    item.question.toLowerCase().includes(normalisedQuery) ||
    item.answer.toLowerCase().includes(normalisedQuery)
  );
}

/**
 * The categories with only their matching FAQs, in their original order; a category with no match is
 * left out (SPEC §4). A plain substring test, so characters such as `(`, `$` or `*` match literally.
 */
export function filterFaqs(categories: readonly FaqCategory[], query: string): FaqCategory[] {
  const normalised = normaliseHelpQuery(query);
  return categories
    .map((category) => ({
      ...category,
      items: category.items.filter((item) => faqMatches(item, normalised)),
    }))
    .filter((category) => category.items.length > 0);
}

/** Number of FAQs across categories. */
export function countFaqs(categories: readonly FaqCategory[]): number {
  return categories.reduce((sum, category) => sum + category.items.length, 0);
}

/** schema.org FAQPage `mainEntity` for the help center's structured data (every FAQ, unfiltered). */
export function faqPageEntities(categories: readonly FaqCategory[]): Record<string, unknown>[] {
  return categories.flatMap((category) =>
    category.items.map((item) => ({
      "@type": "Question",
      name: item.question,
      acceptedAnswer: { "@type": "Answer", text: item.answer },
    })),
  );
}
