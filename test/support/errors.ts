import { UpstreamError } from "~/.server/http";

/** The UpstreamError a call rejects with (fails the test if it resolves or throws anything else). */
export async function upstreamFailure(promise: Promise<unknown>): Promise<UpstreamError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof UpstreamError)) throw new Error(`expected UpstreamError, got ${String(error)}`);
  return error;
}
