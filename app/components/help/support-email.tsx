import type { ReactNode } from "react";
import { useRouteLoaderData } from "react-router";
import { SUPPORT_SUBJECT } from "~/content/faq";
import type { RootData } from "~/lib/seo";

/** The configured SUPPORT_EMAIL, from the root loader (so a deployment can change it without a build). */
export function useSupportEmail(): string {
  return useRouteLoaderData<RootData>("root")?.supportEmail ?? "";
}

/** A mail draft to support with a subject, so requests are easy to spot. */
export function supportMailto(email: string, subject: string = SUPPORT_SUBJECT): string {
  return `mailto:${email}?subject=${encodeURIComponent(subject)}`;
}

/** A link that opens a support mail draft. */
export function SupportEmailLink({
  email,
  className = "",
  children,
}: {
  email: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <a href={supportMailto(email)} className={className}>
      {children}
    </a>
  );
}
