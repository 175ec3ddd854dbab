import { useEffect, useState } from "react";
import { Icon } from "~/components/ui/icon";

/** A toast for the outcome of the last action (a flash from the server); key it per flash. */
export function Toast({ message, tone }: { message: string; tone: "success" | "error" }) {
  const [visible, setVisible] = useState(true);
  useEffect(() => {
    const timer = setTimeout(() => setVisible(false), 6000);
    return () => clearTimeout(timer);
  }, []);
  if (!visible) return null;
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      className={`fixed bottom-4 right-4 z-50 flex max-w-sm items-start gap-3 rounded-xl px-4 py-3 text-sm font-medium text-white shadow-lg ${
        tone === "error" ? "bg-danger" : "bg-ink"
      }`}
    >
      <Icon
        name={tone === "error" ? "triangle-exclamation-point" : "circle-check"}
        className="size-5 shrink-0"
      />
      <span>{message}</span>
      <button
        type="button"
        onClick={() => setVisible(false)}
        className="-mr-1 ml-2 rounded p-0.5 hover:bg-white/10"
      >
        <Icon name="x" className="size-4" />
        <span className="sr-only">Dismiss</span>
      </button>
    </div>
  );
}
