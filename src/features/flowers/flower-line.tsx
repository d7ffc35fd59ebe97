import type { ReactNode } from "react";
import { useFlowerName } from "./flower-name";

/** One ordered arrangement: its drawing, its name in the page's language, a detail line and what follows (quantity, amount). */
export function FlowerLine({ code, picture, name, detail, children }: { code: string; picture: string; name: string; detail: ReactNode; children?: ReactNode }) {
  const flowerName = useFlowerName();
  return (
    <li className="flex items-center gap-3">
      {/* eslint-disable-next-line @next/next/no-img-element -- a small drawn SVG from our own origin */}
      <img src={picture} alt="" width={88} height={66} className="rounded-sm bg-sand-50" />
      <div className="grow">
        <p className="font-semibold">{flowerName(code, name)}</p>
        <p className="text-sm text-ink-soft">{detail}</p>
      </div>
      {children}
    </li>
  );
}
