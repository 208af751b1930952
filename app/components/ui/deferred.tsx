import { type ReactNode, Suspense } from "react";
import { Await } from "react-router";

/**
 * Renders loader data that is either already here (a cached snapshot) or still on its way (a
 * promise streamed by React Router). Data that is here renders in the first pass: <Await> would
 * suspend once even on a plain value, leaving the content to scripts (and, without JavaScript, to
 * nothing). A promise streams in behind the fallback.
 */
export function Deferred<T>({
  value,
  fallback,
  errorElement,
  children,
}: {
  value: T | Promise<T>;
  fallback: ReactNode;
  errorElement: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (!(value instanceof Promise)) return children(value);
  return (
    <Suspense fallback={fallback}>
      <Await resolve={value} errorElement={errorElement}>
        {(data) => children(data as T)}
      </Await>
    </Suspense>
  );
}
