import { expect, test } from "@playwright/test";
import { ChatStreamParser, type ChatStreamEvent } from "../src/domain/schemas/chat-stream";
import { familyAddress } from "./family-journey";

/**
 * The assistant's chat service through the production server (server.mjs and Next's route
 * handler): a page of the site opens a conversation and streams the answers of the held
 * questions of issue 17, in French and in English, without credentials; each answer links to
 * a page that exists. (The chat widget's own journey is the widget's spec.)
 */

const HELD = {
  fr: [
    ["délai pour organiser des obsèques", /^\/devis-obseques$|premieres-demarches-apres-un-deces/],
    ["capital décès", /^\/guides-obseques\/aides-financieres\/capital-deces-cpam$/],
    ["rapatrier un corps au Maroc", /^\/rapatriement-corps-pays\/maroc$/],
  ],
  en: [
    ["deadline to organise a funeral", /^\/devis-obseques$|premieres-demarches-apres-un-deces/],
    ["death grant", /^\/guides-obseques\/aides-financieres\/capital-deces-cpam$/],
    ["repatriate a body to Morocco", /^\/rapatriement-corps-pays\/maroc$/],
  ],
} as const;

function hostFor(baseURL: string | undefined, locale: "fr" | "en"): string {
  const url = new URL(baseURL ?? "http://localhost:3100");
  if (locale !== "fr") url.hostname = `${locale}.${url.hostname}`;
  return url.origin;
}

for (const locale of ["fr", "en"] as const) {
  test(`the assistant answers the held questions with links (${locale})`, async ({ page, baseURL }) => {
    const origin = hostFor(baseURL, locale);
    await page.setExtraHTTPHeaders(familyAddress());
    await page.goto(`${origin}/aides-financieres`);
    const conversation = await page.evaluate(async (lang) => {
      const response = await fetch("/api/chat/v1/conversations", {
        method: "POST",
        credentials: "omit",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ ai_agent_slug: "funeral-assistant", locale: lang }),
      });
      return { status: response.status, body: (await response.json()) as { conversation: { id: string } } };
    }, locale);
    expect(conversation.status).toBe(201);

    for (const [question, page_] of HELD[locale]) {
      // Read as the widget does: fetch, then the body's stream chunk by chunk.
      const wire = await page.evaluate(
        async ({ id, content }) => {
          const response = await fetch(`/api/chat/v1/conversations/${id}/messages`, {
            method: "POST",
            credentials: "omit",
            headers: { "content-type": "application/json", accept: "text/event-stream" },
            body: JSON.stringify({ content }),
          });
          const reader = response.body!.getReader();
          const decoder = new TextDecoder();
          const chunks: string[] = [];
          for (;;) {
            const { value, done } = await reader.read();
            if (done) break;
            chunks.push(decoder.decode(value, { stream: true }));
          }
          return { status: response.status, type: response.headers.get("content-type"), text: chunks.join("") };
        },
        { id: conversation.body.conversation.id, content: question },
      );
      expect(wire.status, question).toBe(200);
      expect(wire.type).toMatch(/^text\/event-stream/);
      const parser = new ChatStreamParser();
      const events: ChatStreamEvent[] = [...parser.push(wire.text), ...parser.end()];
      const done = events.at(-1);
      expect(done?.event, question).toBe("done");
      if (done?.event !== "done") continue;
      expect(done.answer.outcome).toBe("answered");
      expect(done.answer.sources[0]!.url).toMatch(page_);
      expect(done.answer.content).toContain("[1]");
      // Each link opens a page of the site, on this language's host (Node does not resolve en.localhost: the page asks).
      for (const source of done.answer.sources) {
        const status = await page.evaluate(async (path) => (await fetch(path, { credentials: "omit" })).status, source.url.split("#")[0]!);
        expect(status, source.url).toBe(200);
      }
    }
  });
}

test("the chat service reads no cookie and sends none", async ({ request, baseURL }) => {
  const response = await request.post(`${baseURL}/api/chat/v1/conversations`, {
    headers: { ...familyAddress(), cookie: "paisible_session=forged" },
    data: { locale: "fr" },
  });
  expect(response.status()).toBe(201);
  expect(response.headers()["set-cookie"]).toBeUndefined();
  expect(response.headers()["access-control-allow-credentials"]).toBeUndefined();
});
