/** Server renders log no React warnings (each would mean markup React had to correct, e.g. href=""). */
import { expect, it, vi } from "vitest";
import { PUBLIC_PATHS } from "~/lib/site";
import { listenToUpstreams } from "./support/upstreams";
import { BROWSER, CRAWLER, testWorker } from "./support/worker";

listenToUpstreams();

it("renders every page, the 404 page and a refused method without a React warning", async () => {
  const errors = vi.spyOn(console, "error");
  const worker = testWorker();
  for (const path of [...PUBLIC_PATHS, "/no-such-page"]) {
    await (await worker.fetch(path, { headers: CRAWLER })).text();
  }
  await (await worker.fetch("/", { method: "POST", body: "x=1", headers: BROWSER })).text();
  const warnings = errors.mock.calls
    .map((call) => call.map(String).join(" "))
    .filter((line) => !line.startsWith("["));
  expect(warnings).toEqual([]);
});
