import type { MemorialPublicPhoto } from "@/domain/schemas/memorial";
import { cn } from "@/ui/cn";
import { photoSources } from "./memorial-format";

/**
 * A memorial photo from its re-encoded variants: WebP first, JPEG for the rest, the width
 * chosen by the browser from `sizes`; lazy unless it is the first thing seen (the cover).
 * Width and height keep its place, so nothing jumps while it loads.
 */
export function ResponsivePhoto({ photo, alt, sizes, eager = false, className }: { photo: MemorialPublicPhoto; alt: string; sizes: string; eager?: boolean; className?: string }) {
  const sources = photoSources(photo);
  if (!sources) return null;
  return (
    <picture>
      {sources.webp ? <source type="image/webp" srcSet={sources.webp} sizes={sizes} /> : null}
      {sources.jpg ? <source type="image/jpeg" srcSet={sources.jpg} sizes={sizes} /> : null}
      <img
        src={sources.src}
        alt={alt}
        width={photo.width}
        height={photo.height}
        loading={eager ? "eager" : "lazy"}
        decoding="async"
        fetchPriority={eager ? "high" : undefined}
        className={cn("h-auto w-full bg-sand-50 object-cover", className)}
      />
    </picture>
  );
}
