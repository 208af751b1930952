import { useState } from "react";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import type { OverallStatus } from "~/lib/overall-status";
import { FaqList } from "./faq-list";
import { HelpSearchBox } from "./help-search-box";
import { HelpSidebar } from "./help-sidebar";
import { Troubleshooting } from "./troubleshooting";
import { useHelpQuery } from "./use-help-query";

type HelpTab = "faq" | "troubleshooting";

function isHelpTab(value: string): value is HelpTab {
  return value === "faq" || value === "troubleshooting";
}

/** SPEC §2 help center: search, FAQ / Troubleshooting tabs, support sidebar. */
export function HelpCenterPage({ supportEmail, status }: { supportEmail: string; status: OverallStatus }) {
  const { query, setQuery } = useHelpQuery();
  const [tab, setTab] = useState<HelpTab>("faq");

  // The search filters the FAQ, so typing shows the FAQ tab whatever tab was open.
  function search(next: string) {
    setTab("faq");
    setQuery(next);
  }

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-3xl font-bold">Help Center</h1>
        <p className="mt-1 text-slate-700">
          How OddsPulse works: where the data comes from, how often it updates and what its labels mean.
        </p>
      </div>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="min-w-0 space-y-4">
          <HelpSearchBox query={query} onQueryChange={search} />
          <Tabs value={tab} onValueChange={(value) => isHelpTab(value) && setTab(value)}>
            {/* Two equal halves on phones, like a segmented control, instead of two small tabs at the left. */}
            <div className="[&_[role=tab]]:justify-center [&_[role=tablist]]:grid [&_[role=tablist]]:grid-cols-2 sm:[&_[role=tablist]]:flex">
              <TabsList label="Help topics">
                <TabsTrigger value="faq">FAQ</TabsTrigger>
                <TabsTrigger value="troubleshooting">Troubleshooting</TabsTrigger>
              </TabsList>
            </div>
            <TabsContent value="faq">
              <FaqList query={query} onClearQuery={() => setQuery("")} />
            </TabsContent>
            <TabsContent value="troubleshooting">
              <Troubleshooting supportEmail={supportEmail} />
            </TabsContent>
          </Tabs>
        </div>
        <HelpSidebar supportEmail={supportEmail} status={status} />
      </div>
    </div>
  );
}
