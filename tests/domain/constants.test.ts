import { describe, expect, it } from "vitest";
import {
  ATTRIBUTION_RETENTION_DAYS,
  CARD_PAYMENT_COUNTRIES,
  CURRENCY,
  DEVICE_WIDTHS,
  FRANCE_AND_OVERSEAS,
  FUNDING_AGENCIES_DEFAULT_PAGE,
  FUNDING_AGENCIES_DEFAULT_PER_PAGE,
  IMAGE_QUALITY,
  SESSION_ID_LENGTH,
  TRACKING_PARAMS,
  isCardPaymentCountry,
  isFranceOrOverseas,
} from "@/domain/constants";

describe("business constants (SPEC §9)", () => {
  it("keeps attribution 90 days and captures the ten tracking parameters", () => {
    expect(ATTRIBUTION_RETENTION_DAYS).toBe(90);
    expect([...TRACKING_PARAMS].sort()).toEqual(
      ["gclid", "gbraid", "wbraid", "srsltid", "msclkid", "phone", "utm_source", "utm_medium", "utm_campaign", "utm_term"].sort(),
    );
  });
  it("offers card payment in the listed countries only", () => {
    expect([...CARD_PAYMENT_COUNTRIES].sort()).toEqual(
      ["fr", "gf", "gp", "mq", "yt", "re", "es", "pt", "de", "it", "be", "nl", "lu", "at", "ie"].sort(),
    );
    expect(isCardPaymentCountry("FR")).toBe(true);
    expect(isCardPaymentCountry("ie")).toBe(true);
    expect(isCardPaymentCountry("gb")).toBe(false);
    expect(isCardPaymentCountry(null)).toBe(false);
  });
  it("treats France and its overseas departments as France", () => {
    expect([...FRANCE_AND_OVERSEAS].sort()).toEqual(["fr", "gf", "gp", "mq", "re", "yt"]);
    expect(isFranceOrOverseas("re")).toBe(true);
    expect(isFranceOrOverseas("be")).toBe(false);
    expect(isFranceOrOverseas(undefined)).toBe(false);
  });
  it("holds the other limits", () => {
    expect(SESSION_ID_LENGTH).toBe(21);
    expect(FUNDING_AGENCIES_DEFAULT_PAGE).toBe(1);
    expect(FUNDING_AGENCIES_DEFAULT_PER_PAGE).toBe(50);
    expect(IMAGE_QUALITY).toBe(75);
    expect(DEVICE_WIDTHS[0]).toBe(640);
    expect(DEVICE_WIDTHS.at(-1)).toBe(3840);
    expect([...DEVICE_WIDTHS]).toEqual([...DEVICE_WIDTHS].sort((a, b) => a - b));
    expect(CURRENCY).toBe("EUR");
  });
});
