/** A short coloured label: a status, a role, a flag. */

type Tone = "neutral" | "success" | "warning" | "danger" | "info";

const TONES: Record<Tone, string> = {
  neutral: "bg-stone-100 text-ink-soft",
  success: "bg-sage/15 text-sage",
  warning: "bg-brass-light text-brass-dark",
  danger: "bg-danger/10 text-danger",
  info: "bg-ink/10 text-ink",
};

export function Badge({ tone = "neutral", children }: { tone?: Tone; children: React.ReactNode }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${TONES[tone]}`}
    >
      {children}
    </span>
  );
}
