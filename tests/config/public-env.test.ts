import { describe, expect, it } from "vitest";
import { parsePublicEnv } from "@/config/env";
import { publicEnvFrom } from "@/config/public-env";

describe("public configuration in the browser", () => {
  // The browser reads the values without zod; whatever passes env.ts's validation at
  // build and start must come out the same on both sides.
  const sources = [
    {},
    { NEXT_PUBLIC_API_URL: "https://api.paisible.fr/", NEXT_PUBLIC_ANALYTICS: "off" },
    { NEXT_PUBLIC_API_URL: "  https://api.paisible.fr//  ", NEXT_PUBLIC_API_NEXT_URL: "" },
    { NEXT_PUBLIC_SENTRY_DSN: "https://key@o1.ingest.sentry.io/2", NEXT_PUBLIC_CHAT_URL: "https://chat.paisible.fr", NEXT_PUBLIC_ANALYTICS: "datalayer" },
  ];
  it.each(sources)("reads %o as env.ts validates it", (source) => {
    const full = { NEXT_PUBLIC_API_URL: undefined, NEXT_PUBLIC_API_NEXT_URL: undefined, NEXT_PUBLIC_CHAT_URL: undefined, NEXT_PUBLIC_SENTRY_DSN: undefined, NEXT_PUBLIC_ANALYTICS: undefined, ...source };
    expect(publicEnvFrom(full)).toEqual(parsePublicEnv(full));
  });
});
