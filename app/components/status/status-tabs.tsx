import type { ReactNode } from "react";
import { Badge } from "~/components/ui/badge";
import { Card } from "~/components/ui/card";
import { Icon } from "~/components/ui/icon";
import { SampleDataTag } from "~/components/ui/provenance-tag";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import {
  MAINTENANCE,
  type MaintenanceItem,
  PERFORMANCE_METRICS,
  SERVICES,
  type ServiceState,
  type ServiceStatusItem,
} from "~/content/status";
import type { StatusHistory } from "~/lib/uptime";
import { Detail } from "./detail";
import { IncidentList } from "./incident-list";
import { ServiceStatusBadge } from "./status-badge";

function PanelIntro({ children }: { children: ReactNode }) {
  return (
    <div className="mb-3 flex flex-wrap items-center gap-2 text-sm text-slate-700">
      <SampleDataTag />
      <p>{children}</p>
    </div>
  );
}

function ServiceRow({ service }: { service: ServiceStatusItem }) {
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
      <div>
        <h3 className="font-semibold">{service.name}</h3>
        <p className="text-sm text-slate-600">{service.description}</p>
      </div>
      <div className="flex flex-col items-start gap-2 sm:items-end">
        <ServiceStatusBadge status={service.status} />
        <dl className="grid w-full grid-cols-3 gap-4 text-sm sm:w-auto sm:grid-cols-[5rem_5rem_8rem] sm:text-right">
          <Detail label="Uptime">{service.uptime}</Detail>
          <Detail label="Response">{service.responseTime}</Detail>
          <Detail label="Last incident">{service.lastIncident}</Detail>
        </dl>
      </div>
    </li>
  );
}

const LEGEND: readonly ServiceState[] = ["operational", "degraded", "outage"];

function ServiceStatusPanel() {
  return (
    <>
      <PanelIntro>
        These two services and their figures are static examples. The upstreams are measured: see Upstream
        uptime above.
      </PanelIntro>
      <Card>
        <ul className="divide-y divide-slate-200">
          {SERVICES.map((service) => (
            <ServiceRow key={service.name} service={service} />
          ))}
        </ul>
      </Card>
      <div className="mt-3 flex flex-wrap items-center gap-3 text-sm text-slate-700">
        <span id="status-key">Status key:</span>
        <ul aria-labelledby="status-key" className="flex flex-wrap gap-2">
          {LEGEND.map((status) => (
            <li key={status}>
              <ServiceStatusBadge status={status} />
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}

function ServiceTags({ services }: { services: readonly string[] }) {
  return (
    <ul aria-label="Affected services" className="flex flex-wrap gap-1.5">
      {services.map((name) => (
        <li key={name}>
          <Badge variant="secondary">{name}</Badge>
        </li>
      ))}
    </ul>
  );
}

function MaintenanceCard({ item }: { item: MaintenanceItem }) {
  return (
    <Card className="p-4">
      <article className="space-y-3">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h3 className="font-semibold">{item.title}</h3>
          <Badge variant="secondary">Scheduled</Badge>
        </div>
        <p className="text-sm text-slate-700">{item.description}</p>
        <dl className="grid gap-4 text-sm sm:grid-cols-3">
          <Detail label="When">{item.scheduledDate}</Detail>
          <Detail label="Estimated duration">{item.estimatedDuration}</Detail>
          <Detail label="Impact">{item.impact}</Detail>
        </dl>
        <ServiceTags services={item.affectedServices} />
      </article>
    </Card>
  );
}

function PerformancePanel() {
  return (
    <>
      <PanelIntro>Performance figures are static examples, not measurements.</PanelIntro>
      <Card>
        <ul className="divide-y divide-slate-200">
          {PERFORMANCE_METRICS.map((metric) => (
            <li key={metric.id} className="flex flex-wrap items-center justify-between gap-3 p-4">
              <div>
                <h3 className="font-semibold">{metric.label}</h3>
                <p className="text-sm text-slate-600">Target: {metric.target}</p>
              </div>
              <div className="flex items-center gap-3">
                <span className="text-lg font-semibold tabular-nums">{metric.value}</span>
                {metric.meetsTarget ? (
                  <Badge variant="yes">
                    <Icon name="check" className="size-3.5" />
                    Meets target
                  </Badge>
                ) : (
                  <Badge variant="warning">
                    <Icon name="alert" className="size-3.5" />
                    Below target
                  </Badge>
                )}
              </div>
            </li>
          ))}
        </ul>
      </Card>
    </>
  );
}

/**
 * SPEC §2 status tabs: Service Status, Recent Incidents, Scheduled Maintenance, Performance Metrics.
 * Recent Incidents is measured (the crons' checks); the other panels are labelled samples.
 */
export function StatusTabs({ history }: { history: StatusHistory | null }) {
  return (
    <Tabs defaultValue="services">
      {/* Four long tab names do not fit a phone: a 2×2 grid keeps every tab visible instead of scrolled away. */}
      <div className="[&_[role=tab]]:justify-center [&_[role=tablist]]:grid [&_[role=tablist]]:grid-cols-2 sm:[&_[role=tablist]]:flex">
        <TabsList label="Status details">
          <TabsTrigger value="services">Service Status</TabsTrigger>
          <TabsTrigger value="incidents">Recent Incidents</TabsTrigger>
          <TabsTrigger value="maintenance">Scheduled Maintenance</TabsTrigger>
          <TabsTrigger value="performance">Performance Metrics</TabsTrigger>
        </TabsList>
      </div>
      <TabsContent value="services">
        <ServiceStatusPanel />
      </TabsContent>
      <TabsContent value="incidents">
        <p className="mb-3 text-sm text-slate-700">
          Measured: each run of consecutive failed checks of one upstream in the last 30 days, newest first.
          It starts at the first failed check and ends at the next check that succeeds.
        </p>
        <IncidentList history={history} />
      </TabsContent>
      <TabsContent value="maintenance">
        <PanelIntro>Maintenance windows listed here are static examples.</PanelIntro>
        <div className="space-y-4">
          {MAINTENANCE.map((item) => (
            <MaintenanceCard key={item.id} item={item} />
          ))}
        </div>
      </TabsContent>
      <TabsContent value="performance">
        <PerformancePanel />
      </TabsContent>
    </Tabs>
  );
}
