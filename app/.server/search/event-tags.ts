/**
 * The Gamma tags the search index keeps per event (open events, and closed ones for 7 days), read by slug:
 * what categorises a trader's positions. One query for any number of slugs, about one row read a slug
 * (`slug` is unique).
 */
import type { CategorisedEvent } from "~/lib/categories";

interface TagRow {
  slug: string;
  title: string;
  tags: string;
}

function parseTags(json: string): CategorisedEvent["tags"] {
  try {
    const tags: unknown = JSON.parse(json);
    if (!Array.isArray(tags)) return [];
    return tags.flatMap((t) =>
      typeof t === "object" && t !== null && typeof t.slug === "string" && typeof t.label === "string"
        ? [{ slug: t.slug, label: t.label }]
        : [],
    );
  } catch {
    return [];
  }
}

/** The indexed events among `slugs`, by slug (those the index does not hold are absent). */
export async function eventTagsBySlug(
  db: D1Database,
  slugs: readonly string[],
): Promise<Map<string, CategorisedEvent>> {
  const wanted = [...new Set(slugs.filter((s) => s !== ""))];
  const found = new Map<string, CategorisedEvent>();
  if (wanted.length === 0) return found;
  const { results } = await db
    .prepare(
      `SELECT e.slug, e.title, e.tags FROM json_each(?1) j CROSS JOIN search_events e ON e.slug = j.value`,
    )
    .bind(JSON.stringify(wanted))
    .all<TagRow>();
  for (const row of results) found.set(row.slug, { title: row.title, tags: parseTags(row.tags) });
  return found;
}
