import { Fragment } from "react";

/**
 * A path that wraps only after a slash: a `<wbr>` follows each `/` (not the first of `//`), so
 * `/api/v1/markets/{slug}/history` breaks between segments and never inside one, as `break-all` would.
 * Copying the text copies the path unchanged.
 */
export function PathText({ path }: { path: string }) {
  const segments = path.split(/(?<=\/)(?!\/)/);
  let offset = 0;
  return segments.map((segment, i) => {
    const key = offset;
    offset += segment.length;
    return (
      <Fragment key={key}>
        {i > 0 && <wbr />}
        {segment}
      </Fragment>
    );
  });
}
