"use client";

import { useTranslations } from "next-intl";
import { passwordStrength } from "@/domain/password";
import { cn } from "@/ui/cn";

const LEVELS = ["refused", "weak", "fair", "good", "strong"] as const;
const COLOURS = ["bg-danger", "bg-danger", "bg-warning", "bg-success", "bg-success"] as const;

/**
 * Strength hint under a new password: four bars and a word (never colour alone). The
 * word is in a polite live region so a screen-reader user hears it change while typing.
 */
export function PasswordStrength({ password, id }: { password: string; id?: string }) {
  const t = useTranslations("Auth.password");
  if (!password) return <p id={id} aria-live="polite" className="sr-only" />;
  const score = passwordStrength(password);
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex gap-1.5" aria-hidden="true">
        {[1, 2, 3, 4].map((bar) => (
          <span key={bar} className={cn("h-1.5 flex-1 rounded-full", bar <= Math.max(score, 1) ? COLOURS[score] : "bg-sand-100")} />
        ))}
      </div>
      <p id={id} aria-live="polite" className="text-base text-ink-soft">
        {t("strength", { level: t(`levels.${LEVELS[score]}`) })}
      </p>
    </div>
  );
}
