/**
 * Lenient valibot pieces shared by the Polymarket schemas: one odd field must not reject a payload.
 * Every piece that reads text cleans it (`cleanText`, decision 0024): this is where upstream text
 * enters the site, so nothing after it needs to.
 */
import * as v from "valibot";
import { cleanText } from "~/lib/clean-text";

/**
 * A number or a decimal string. Missing, null and blank become `undefined` (Gamma omits zero
 * values); an unreadable value becomes NaN so the absurd-value rules below decide its fate.
 * `optional` is outermost because valibot hands a missing key the fallback value directly.
 */
export const LenientNumber = v.optional(
  v.fallback(
    v.pipe(
      v.nullable(v.union([v.number(), v.string()])),
      v.transform((value): number | undefined => {
        if (value === null) return undefined;
        if (typeof value === "number") return value;
        const trimmed = value.trim();
        return trimmed === "" ? undefined : Number(trimmed);
      }),
    ),
    Number.NaN,
  ),
);

/** Optional text, cleaned and trimmed: anything that is not a string reads as "" so it cannot reject the market. */
export const Text = v.optional(
  v.pipe(
    v.unknown(),
    v.transform((value) => (typeof value === "string" ? cleanText(value).trim() : "")),
  ),
  "",
);

/** Text a record cannot do without (an id, a question), cleaned and trimmed; empty rejects the record. */
export const RequiredText = v.pipe(v.string(), v.transform(cleanText), v.trim(), v.nonEmpty());

/** A string kept as sent but cleaned (an outcome label inside a list, trimmed later). */
export const CleanString = v.pipe(v.string(), v.transform(cleanText));
