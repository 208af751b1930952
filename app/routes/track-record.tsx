import { requestContext } from "~/.server/context";
import { trackRecordPage } from "~/.server/pages/track-record";
import { TrackRecordPage } from "~/components/track-record/track-record-view";
import { feedAlternates, TRACK_RECORD_FEED_TITLE } from "~/lib/feeds";
import { pageMeta, rootData } from "~/lib/seo";
import type { Route } from "./+types/track-record";

const DESCRIPTION =
  "Every buy-yes, buy-no and neutral call OddsPulse has shown, recorded when shown and graded when its Polymarket market resolved: hit rate with its interval, paper returns, Brier scores, calibration, and the data to recompute them.";

export const meta: Route.MetaFunction = ({ matches }) => {
  const origin = rootData(matches).origin;
  const page = pageMeta({
    title: "Track Record: Every Call, Graded",
    description: DESCRIPTION,
    origin,
    path: "/track-record",
    structuredData: {
      isAccessibleForFree: true,
      mainEntity: {
        "@type": "Dataset",
        name: "OddsPulse track record",
        description:
          "Every recommendation shown on OddsPulse with the price at the call and how its market resolved.",
        isAccessibleForFree: true,
        distribution: [
          { "@type": "DataDownload", encodingFormat: "text/csv", contentUrl: `${origin}/track-record.csv` },
          {
            "@type": "DataDownload",
            encodingFormat: "application/json",
            contentUrl: `${origin}/api/track-record`,
          },
        ],
      },
    },
  });
  return [...page, ...feedAlternates(origin, "/track-record", TRACK_RECORD_FEED_TITLE)];
};

/**
 * `/track-record`: awaited in full (readable without JavaScript). `?graded=N` and `?open=N` page the two
 * call lists; a page number that is not a whole number from 1 is a 400 that says so, one past the end
 * shows the last page. A missing or failing database is a 200 page that says so, method included.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  return trackRecordPage(context.get(requestContext), new URL(request.url));
}

export default function TrackRecord({ loaderData }: Route.ComponentProps) {
  return <TrackRecordPage data={loaderData} />;
}
