import { Badge } from "~/components/ui/badge";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import type { ApiTier, EndpointGroup, HttpMethod } from "~/content/api-access";
import { CodeBlock } from "./code-block";

const TIER_VARIANT: Record<ApiTier, "secondary" | "default" | "outline"> = {
  Free: "secondary",
  Pro: "default",
  Enterprise: "outline",
};

const METHOD_STYLE: Record<HttpMethod, string> = {
  GET: "bg-emerald-100 text-emerald-900",
  POST: "bg-blue-100 text-blue-900",
  WS: "bg-violet-100 text-violet-900",
};

/** SPEC §7 planned endpoints by group; every tab and the whole list are marked Preview. */
export function EndpointTabs({ groups }: { groups: readonly EndpointGroup[] }) {
  const first = groups[0]?.id ?? "markets";
  return (
    <Tabs defaultValue={first}>
      <TabsList label="API endpoint groups">
        {groups.map((g) => (
          <TabsTrigger key={g.id} value={g.id}>
            {g.label} <Badge variant="outline">Preview</Badge>
          </TabsTrigger>
        ))}
      </TabsList>
      {groups.map((g) => (
        <TabsContent key={g.id} value={g.id}>
          <div className="flex flex-col gap-4">
            <p className="text-sm text-slate-700">{g.description}</p>
            <ul aria-label={`${g.label} endpoints`} className="flex flex-col gap-2">
              {g.endpoints.map((e) => (
                <li
                  key={`${e.method} ${e.path}`}
                  className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-3 sm:flex-row sm:items-center sm:justify-between"
                >
                  <div className="min-w-0">
                    <p className="flex flex-wrap items-center gap-2">
                      <span
                        className={`rounded px-1.5 py-0.5 font-mono text-xs font-bold ${METHOD_STYLE[e.method]}`}
                      >
                        {e.method === "WS" ? "WebSocket" : e.method}
                      </span>
                      <code className="font-mono text-sm break-all text-slate-900">{e.path}</code>
                    </p>
                    <p className="mt-1 text-sm text-slate-600">
                      {e.summary}
                      {e.body && (
                        <>
                          {" "}
                          · body <code className="font-mono">{e.body}</code>
                        </>
                      )}
                    </p>
                  </div>
                  <Badge variant={TIER_VARIANT[e.tier]} className="self-start sm:self-center">
                    {e.tier}
                  </Badge>
                </li>
              ))}
            </ul>
            {g.sample && <CodeBlock code={g.sample.json} label={g.sample.title} />}
          </div>
        </TabsContent>
      ))}
    </Tabs>
  );
}
