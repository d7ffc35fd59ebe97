import { cn } from "@/ui/cn";
import type { Locale } from "@/domain/locales";
import { directionOf } from "@/domain/locales";

/**
 * Typography for long reading: lines near 70 characters, generous line height,
 * serif headings, visible list markers, underlined links and tables that scroll
 * sideways on a phone. Applied to the sanitised HTML of the Markdown pipeline.
 */
export const PROSE_CLASSES = cn(
  "max-w-[70ch] text-[1.0625rem] leading-[1.75] text-ink sm:text-lg sm:leading-[1.8]",
  "[&>:first-child]:mt-0",
  "[&_p]:my-5",
  "[&_h2]:mt-12 [&_h2]:mb-4 [&_h2]:scroll-mt-6 [&_h2]:font-serif [&_h2]:text-2xl [&_h2]:font-semibold [&_h2]:leading-tight sm:[&_h2]:text-[1.75rem]",
  "[&_h3]:mt-8 [&_h3]:mb-3 [&_h3]:scroll-mt-6 [&_h3]:font-serif [&_h3]:text-xl [&_h3]:font-semibold [&_h3]:leading-snug",
  "[&_h4]:mt-6 [&_h4]:mb-2 [&_h4]:font-semibold",
  "[&_ul]:my-5 [&_ul]:list-disc [&_ul]:ps-6 [&_ol]:my-5 [&_ol]:list-decimal [&_ol]:ps-6",
  "[&_li]:my-2 [&_li]:ps-1 [&_li]:marker:text-accent [&_li>ul]:my-2 [&_li>ol]:my-2",
  "[&_a]:font-medium [&_a]:text-primary [&_a]:underline [&_a]:decoration-1 [&_a]:underline-offset-[0.2em] [&_a:hover]:text-primary-hover [&_a:hover]:decoration-2",
  "[&_strong]:font-semibold [&_strong]:text-ink",
  "[&_blockquote]:my-6 [&_blockquote]:border-s-4 [&_blockquote]:border-sand-300 [&_blockquote]:bg-sand-50 [&_blockquote]:px-5 [&_blockquote]:py-1 [&_blockquote]:text-ink-soft",
  "[&_hr]:my-10 [&_hr]:border-line",
  "[&_code]:rounded-sm [&_code]:bg-sand-50 [&_code]:px-1",
  "[&_.table-scroll]:my-6 [&_.table-scroll]:overflow-x-auto [&_.table-scroll]:rounded-md [&_.table-scroll]:border [&_.table-scroll]:border-line",
  "[&_table]:w-full [&_table]:border-collapse [&_table]:text-base",
  "[&_th]:bg-sand-50 [&_th]:px-3 [&_th]:py-2 [&_th]:text-start [&_th]:font-semibold [&_td]:border-t [&_td]:border-line [&_td]:px-3 [&_td]:py-2 [&_td]:align-top",
);

/**
 * Renders HTML that came out of renderMarkdown (sanitised there). `lang` marks text
 * shown in another language than the page, with its own direction, so a French or
 * English text inside an Arabic page still reads left to right.
 */
export function Prose({ html, lang, className }: { html: string; lang?: Locale; className?: string }) {
  // The outer box carries the direction, so the 70ch column sits on the text's own starting side.
  return (
    <div lang={lang} dir={lang ? directionOf(lang) : undefined} className={className}>
      <div className={PROSE_CLASSES} dangerouslySetInnerHTML={{ __html: html }} />
    </div>
  );
}
