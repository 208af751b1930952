/**
 * Which push endpoints a subscription may have (decision 0042): https on a host `PUSH_SERVICE_HOSTS` lists
 * (a leading "." also takes its subdomains), or plain http on a loopback host listed there (the tests' push
 * service). Anything else could make the Worker post to an arbitrary address on a visitor's behalf.
 */
const LOOPBACK = new Set(["127.0.0.1", "localhost"]);

function hostListed(host: string, hosts: readonly string[]): boolean {
  return hosts.some((h) => (h.startsWith(".") ? host === h.slice(1) || host.endsWith(h) : host === h));
}

/** Null when the endpoint is acceptable, else why not (one line, for the 400). */
export function endpointProblem(endpoint: string, hosts: readonly string[]): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return "endpoint: an absolute URL";
  }
  const host = url.hostname.toLowerCase();
  if (url.username || url.password) return "endpoint: no user name or password";
  if (!hostListed(host, hosts)) return `endpoint: ${host} is not a known push service`;
  if (url.protocol === "https:") return null;
  if (url.protocol === "http:" && LOOPBACK.has(host)) return null;
  return "endpoint: https only";
}

/**
 * The URL the push library signs for: the endpoint itself, or for a loopback http endpoint the same URL
 * under https (the library refuses http; decision 0042). The request still goes to the endpoint.
 */
export function signedEndpoint(endpoint: string): string {
  const url = new URL(endpoint);
  if (url.protocol === "http:" && LOOPBACK.has(url.hostname)) url.protocol = "https:";
  return url.toString();
}
