/**
 * What the server renders of alerts (decision 0043): no "Alert me" and no "Your alerts" (they appear after
 * hydration, in a browser with Web Push, on a site with keys), so the markup never differs from the
 * hydrated one; and the dialog's accessible structure. The browser's side: test/e2e/alerts.test.ts.
 */
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { AlertButton } from "~/components/alerts/alert-button";
import { AlertDialog } from "~/components/alerts/alert-dialog";
import { YourAlerts } from "~/components/alerts/your-alerts";

const KEY = "BACrH49FQRTyK_0qAt_vm3dzzlfccobgtw5jBE7yHhS3sH4NTc6u0VUL5bVVE7khdqIRttOOaTCP2sRGZLb-fLA";
const EVENT = { kind: "event", slug: "fed-decision", title: "Fed decision?" } as const;

function renderWithRoot(node: React.ReactNode, pushPublicKey: string | null) {
  const Stub = createRoutesStub([{ id: "root", path: "/", Component: () => <>{node}</> }]);
  return renderToString(
    <Stub
      initialEntries={["/"]}
      hydrationData={{
        loaderData: { root: { origin: "", supportEmail: "", year: 2026, pushPublicKey } },
      }}
    />,
  );
}

describe("alerts on the server", () => {
  it("renders no Alert me and no Your alerts, keys or not", () => {
    for (const key of [KEY, null]) {
      const markup = renderWithRoot(
        <main>
          <AlertButton target={EVENT} />
          <YourAlerts />
        </main>,
        key,
      );
      expect(markup).toBe("<main></main>");
    }
  });

  it("the dialog: named by its heading, described, a radio group with a legend, both live regions", () => {
    const markup = renderToString(<AlertDialog target={EVENT} publicKey={KEY} onClose={() => {}} />);
    const labelledBy = markup.match(/<dialog[^>]*aria-labelledby="([^"]+)"/)?.[1];
    expect(labelledBy).toBeTruthy();
    expect(markup).toContain(`<h2 id="${labelledBy}"`);
    expect(markup).toMatch(/<dialog[^>]*aria-describedby="[^"]+"/);
    expect(markup).toContain("<legend");
    // Price moves, large trades, our call, UMA's resolution, the gap to Kalshi's price.
    expect([...markup.matchAll(/type="radio"/g)]).toHaveLength(5);
    expect(markup).toContain("Kalshi&#x27;s price comes apart from Polymarket&#x27;s (a paired market)");
    expect(markup).toContain("An answer is proposed, disputed or final (UMA)");
    expect(markup).toContain('role="status"');
    expect(markup).toContain('role="alert"');
    expect(markup).toContain(">5 points</option>");
    expect(markup).toContain(">20 points</option>");
    expect(markup).toContain("Turn on alert");
    // Never opened on the server: showModal runs in the browser.
    expect(markup).not.toMatch(/<dialog[^>]* open/);
  });

  it("a trader's dialog offers any trade from $10K to $1M", () => {
    const markup = renderToString(
      <AlertDialog
        target={{ kind: "wallet", wallet: "0x09b428f7c2b469786286214aa5c90dd9015f7320", title: "DEEDDIT" }}
        publicKey={KEY}
        onClose={() => {}}
      />,
    );
    expect([...markup.matchAll(/<option[^>]*>([^<]+)<\/option>/g)].map((m) => m[1])).toEqual([
      "$10K",
      "$50K",
      "$100K",
      "$250K",
      "$1M",
    ]);
    expect(markup).not.toContain('type="radio"');
  });
});
