import { Badge, type BadgeVariant } from "~/components/ui/badge";
import { Icon, type IconName } from "~/components/ui/icon";
import type { IncidentState, ServiceState } from "~/content/status";

interface StatusStyle {
  label: string;
  icon: IconName;
  variant: BadgeVariant;
}

/** SPEC §4 service statuses: operational green, degraded amber, outage red, each with its own icon. */
export const SERVICE_STATUS_STYLE: Record<ServiceState, StatusStyle> = {
  operational: { label: "Operational", icon: "check", variant: "yes" },
  degraded: { label: "Degraded", icon: "alert", variant: "warning" },
  outage: { label: "Outage", icon: "cross", variant: "no" },
};

/** SPEC §4 incident statuses: resolved/completed green, investigating amber, ongoing red. */
export const INCIDENT_STATUS_STYLE: Record<IncidentState, StatusStyle> = {
  resolved: { label: "Resolved", icon: "check", variant: "yes" },
  completed: { label: "Completed", icon: "check", variant: "yes" },
  investigating: { label: "Investigating", icon: "search", variant: "warning" },
  ongoing: { label: "Ongoing", icon: "alert", variant: "no" },
};

function StyledBadge({ style }: { style: StatusStyle }) {
  return (
    <Badge variant={style.variant} className="gap-1.5">
      <Icon name={style.icon} className="size-3.5" />
      {style.label}
    </Badge>
  );
}

export function ServiceStatusBadge({ status }: { status: ServiceState }) {
  return <StyledBadge style={SERVICE_STATUS_STYLE[status]} />;
}

export function IncidentStatusBadge({ status }: { status: IncidentState }) {
  return <StyledBadge style={INCIDENT_STATUS_STYLE[status]} />;
}
