/** What every page's shell reads: the site's origin, the support address, the year, the push key. */
import { yearOf } from "~/lib/format";
import { type RootData, siteOrigin } from "~/lib/seo";
import type { RequestContext } from "../context";

export function rootPage({ config, deps }: RequestContext, request: Request): RootData {
  return {
    origin: siteOrigin(config.siteUrl, request.url),
    supportEmail: config.supportEmail,
    year: yearOf(deps.now()),
    // Alerts need both keys (decision 0042); the page gets the public one only.
    pushPublicKey: config.vapidPublicKey && config.vapidPrivateKey ? config.vapidPublicKey : null,
  };
}
