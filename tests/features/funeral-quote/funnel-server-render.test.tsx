import { renderToString } from "react-dom/server";
import { NextIntlClientProvider } from "next-intl";
import { Provider } from "react-redux";
import { describe, expect, it, vi } from "vitest";
import messagesFr from "@messages/fr.json";
import messagesAr from "@messages/ar.json";
import { makeStore } from "@/store/make-store";
import { FuneralFunnel } from "@/features/funeral-quote/funeral-funnel";

// As on a statically rendered page: reading the query during the render makes Next give
// up rendering on the server, so the funnel would only appear after hydration and push
// the footer down (issue 10: CLS 0.59).
vi.mock("next/navigation", () => ({
  useRouter: () => ({ push: vi.fn(), replace: vi.fn() }),
  useSearchParams: () => {
    throw new Error("useSearchParams() bails a static page out of server rendering");
  },
}));

function serverHtml(locale: "fr" | "ar"): string {
  return renderToString(
    <NextIntlClientProvider locale={locale} timeZone="Europe/Paris" messages={locale === "fr" ? messagesFr : messagesAr}>
      <Provider store={makeStore()}>
        <FuneralFunnel />
      </Provider>
    </NextIntlClientProvider>,
  );
}

describe("FuneralFunnel on the server", () => {
  it("renders the first question with its answers and the continue button, not a loading state", () => {
    const html = serverHtml("fr");
    expect(html).toContain(messagesFr.Quote.funnel.steps.situation.title.replace("'", "&#x27;"));
    expect(html).toContain(messagesFr.Quote.funnel.continue);
    expect(html).toContain('type="radio"');
    expect(html).not.toContain(messagesFr.Quote.funnel.loading);
  });

  it("renders the first question in Arabic too", () => {
    expect(serverHtml("ar")).toContain(messagesAr.Quote.funnel.steps.situation.title);
  });
});
