import { type ReactNode, Suspense } from "react";
import { Await } from "react-router";

/**
 * Renders loader data that is either already here (a cached snapshot) or still on its way (a
 * promise streamed by React Router). Data that is here renders in place, in the first pass and outside
 * any Suspense boundary: <Await> would suspend once even on a plain value, and React outlines a large
 * completed boundary into a hidden segment that only a script reveals, so the first paint (and a
 * browser without JavaScript) would show the fallback. A promise streams in behind the fallback.
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
