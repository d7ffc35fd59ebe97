import { LOCALE_NAMES, type Locale } from "@/domain/locales";

/** Says, in the visitor's language, that the text below is in another language. */
export function FallbackNotice({ text, className }: { text: string; className?: string }) {
  return (
    <p role="note" className={`flex items-start gap-3 rounded-md border border-primary/30 bg-primary-soft px-4 py-3 text-ink ${className ?? ""}`}>
      <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" className="mt-0.5 size-5 shrink-0 text-primary" fill="none" stroke="currentColor" strokeWidth="1.75">
        <circle cx="12" cy="12" r="9.25" />
        <path d="M2.75 12h18.5M12 2.75c2.5 2.6 3.75 5.7 3.75 9.25S14.5 18.65 12 21.25C9.5 18.65 8.25 15.55 8.25 12S9.5 5.35 12 2.75Z" />
      </svg>
      <span>{text}</span>
    </p>
  );
}

/** The name of `locale` in the visitor's language ("anglais", "Englisch", "الإنجليزية"), for "you are reading it in {language}". */
export function languageName(locale: Locale, inLocale: Locale): string {
  try {
    // Our Serbian texts are written in the Latin script.
    const displayLocale = inLocale === "sr" ? "sr-Latn" : inLocale;
    return new Intl.DisplayNames([displayLocale], { type: "language" }).of(locale) ?? LOCALE_NAMES[locale];
  } catch {
    return LOCALE_NAMES[locale];
  }
}
