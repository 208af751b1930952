/**
 * "Alert me" (decision 0043): shown only after hydration, in a browser that has Web Push,
 * on a site with alerts enabled; without JavaScript, without push or without keys there is simply no
 * button. The dialog's code loads when it is first opened.
 */
import { lazy, Suspense, useRef, useState } from "react";
import { Icon } from "~/components/ui/icon";
import type { AlertTarget } from "~/lib/alerts";
import { usePushKey } from "./support";

const AlertDialog = lazy(() => import("./alert-dialog").then((m) => ({ default: m.AlertDialog })));

export function AlertButton({ target, className = "" }: { target: AlertTarget; className?: string }) {
  const publicKey = usePushKey();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  if (publicKey === null) return null;
  return (
    <>
      <button
        ref={button}
        type="button"
        className={`btn btn-outline ${className}`}
        aria-haspopup="dialog"
        aria-label={`Alert me about ${target.title}`}
        onClick={() => setOpen(true)}
        data-testid="alert-me"
      >
        <Icon name="bell" />
        Alert me
      </button>
      {open ? (
        <Suspense fallback={null}>
          <AlertDialog
            target={target}
            publicKey={publicKey}
            onClose={() => {
              setOpen(false);
              button.current?.focus();
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
