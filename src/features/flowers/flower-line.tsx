import type { ReactNode } from "react";

/** One ordered arrangement: its drawing, its (French) name, a detail line and what follows (quantity, amount). */
export function FlowerLine({ picture, name, detail, children }: { picture: string; name: string; detail: ReactNode; children?: ReactNode }) {
  return (
    <li className="flex items-center gap-3">
      {/* eslint-disable-next-line @next/next/no-img-element -- a small drawn SVG from our own origin */}
      <img src={picture} alt="" width={88} height={66} className="rounded-sm bg-sand-50" />
      <div className="grow">
        <p className="font-semibold" lang="fr">
          {name}
        </p>
        <p className="text-sm text-ink-soft">{detail}</p>
      </div>
      {children}
    </li>
  );
}
