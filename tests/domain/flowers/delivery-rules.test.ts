import { describe, expect, it } from "vitest";
import {
  DELIVERY_RULE_CODES,
  deliveryProblems,
  earliestDeliveryDate,
  latestDeliveryBefore,
  parisToInstant,
  parisWallClock,
  parseCalendarDate,
  type DeliveryRequest,
} from "@/domain/flowers/delivery-rules";

/** An instant given as it reads on a clock in Paris. */
const paris = (date: string, time: string) => parisToInstant({ date, time });

function check(request: Partial<DeliveryRequest> & Pick<DeliveryRequest, "date">, now: Date) {
  return deliveryProblems({ time: "10:00", place: "home", ...request }, now);
}

describe("Paris wall clock", () => {
  it("reads winter (UTC+1) and summer (UTC+2) time", () => {
    expect(parisWallClock(new Date("2026-01-15T12:00:00Z"))).toEqual({ date: "2026-01-15", time: "13:00" });
    expect(parisWallClock(new Date("2026-07-15T12:00:00Z"))).toEqual({ date: "2026-07-15", time: "14:00" });
    // 23:30 UTC on 31 December is already New Year in Paris.
    expect(parisWallClock(new Date("2026-12-31T23:30:00Z"))).toEqual({ date: "2027-01-01", time: "00:30" });
  });

  it("turns a Paris clock back into the instant, on both sides of the DST changes", () => {
    expect(paris("2026-03-28", "13:59").toISOString()).toBe("2026-03-28T12:59:00.000Z");
    expect(paris("2026-03-29", "13:59").toISOString()).toBe("2026-03-29T11:59:00.000Z");
    expect(paris("2026-10-24", "13:59").toISOString()).toBe("2026-10-24T11:59:00.000Z");
    expect(paris("2026-10-25", "13:59").toISOString()).toBe("2026-10-25T12:59:00.000Z");
    for (const iso of ["2026-03-29T00:30:00Z", "2026-03-29T01:30:00Z", "2026-10-25T00:30:00Z", "2026-10-25T01:30:00Z", "2026-06-01T22:15:00Z"]) {
      const clock = parisWallClock(new Date(iso));
      // The repeated hour of October maps to one of its two instants; every other clock maps back exactly.
      expect(parisWallClock(parisToInstant(clock))).toEqual(clock);
    }
  });

  it("knows calendar dates", () => {
    expect(parseCalendarDate("2028-02-29")).not.toBeNull();
    expect(parseCalendarDate("2027-02-29")).toBeNull();
    expect(parseCalendarDate("2026-04-31")).toBeNull();
    expect(parseCalendarDate("2026-4-3")).toBeNull();
  });
});

describe("delivery rules", () => {
  it("refuses a date already past and the same day", () => {
    const now = paris("2026-11-25", "09:00");
    expect(check({ date: "2026-11-24" }, now)).toEqual(["delivery__date__past"]);
    expect(check({ date: "2026-11-25", time: "17:00" }, now)).toEqual(["delivery__date__same_day"]);
  });

  it("promises tomorrow until 13:59 and refuses it from 14:00:00", () => {
    expect(check({ date: "2026-11-26" }, paris("2026-11-25", "13:59"))).toEqual([]);
    expect(check({ date: "2026-11-26" }, new Date(paris("2026-11-25", "13:59").getTime() + 59_999))).toEqual([]);
    expect(check({ date: "2026-11-26" }, paris("2026-11-25", "14:00"))).toEqual(["delivery__date__too_soon"]);
    expect(check({ date: "2026-11-27" }, paris("2026-11-25", "23:59"))).toEqual([]);
  });

  it("applies the cut-off in Paris time across the DST changes", () => {
    // Paris moves to UTC+2 on 29 March 2026 and back to UTC+1 on 25 October: the cut-off follows the local clock.
    expect(check({ date: "2026-03-30" }, new Date("2026-03-29T11:59:00Z"))).toEqual([]); // 13:59 UTC+2
    expect(check({ date: "2026-03-30" }, new Date("2026-03-29T12:00:00Z"))).toEqual(["delivery__date__too_soon"]); // 14:00 UTC+2
    expect(check({ date: "2026-10-26" }, new Date("2026-10-25T12:59:00Z"))).toEqual([]); // 13:59 UTC+1
    expect(check({ date: "2026-10-26" }, new Date("2026-10-25T13:00:00Z"))).toEqual(["delivery__date__too_soon"]);
  });

  it("counts days across month and year ends", () => {
    expect(check({ date: "2027-03-01" }, paris("2027-02-28", "10:00"))).toEqual([]);
    expect(check({ date: "2027-03-01" }, paris("2027-02-28", "14:00"))).toEqual(["delivery__date__too_soon"]);
    expect(check({ date: "2028-02-29" }, paris("2028-02-28", "11:00"))).toEqual([]);
    expect(check({ date: "2026-12-31" }, paris("2027-01-01", "08:00"))).toEqual(["delivery__date__past"]);
    expect(check({ date: "2027-01-01" }, paris("2026-12-31", "13:00"))).toEqual([]);
    // 23:30 UTC on 31 December is 1 January in Paris: 1 January is today there.
    expect(check({ date: "2027-01-01" }, new Date("2026-12-31T23:30:00Z"))).toEqual(["delivery__date__same_day"]);
  });

  it("refuses dates more than 90 days ahead", () => {
    const now = paris("2026-11-25", "09:00");
    expect(check({ date: "2027-02-23" }, now)).toEqual([]);
    expect(check({ date: "2027-02-24" }, now)).toEqual(["delivery__date__too_far"]);
  });

  it("keeps rounds within 08:00–18:00", () => {
    const now = paris("2026-11-25", "09:00");
    expect(check({ date: "2026-11-27", time: "08:00" }, now)).toEqual([]);
    expect(check({ date: "2026-11-27", time: "18:00" }, now)).toEqual([]);
    expect(check({ date: "2026-11-27", time: "07:59" }, now)).toEqual(["delivery__time__outside_hours"]);
    expect(check({ date: "2026-11-27", time: "18:01" }, now)).toEqual(["delivery__time__outside_hours"]);
  });

  it("refuses Sundays except to a ceremony place on the ceremony's day", () => {
    const now = paris("2026-11-25", "09:00");
    const sunday = "2026-11-29";
    expect(check({ date: sunday }, now)).toEqual(["delivery__date__sunday"]);
    expect(check({ date: sunday, place: "worship" }, now)).toEqual(["delivery__date__sunday"]);
    expect(check({ date: sunday, place: "worship", ceremony: { date: sunday, time: "11:00" } }, now)).toEqual([]);
    expect(check({ date: sunday, place: "home", ceremony: { date: sunday, time: "11:00" } }, now)).toEqual(["delivery__date__sunday"]);
  });

  it("delivers at least an hour before the ceremony", () => {
    const now = paris("2026-11-25", "09:00");
    const ceremony = { date: "2026-11-27", time: "14:30" };
    expect(check({ date: "2026-11-27", time: "13:30", place: "funeral_parlor", ceremony }, now)).toEqual([]);
    expect(check({ date: "2026-11-27", time: "13:31", place: "funeral_parlor", ceremony }, now)).toEqual(["delivery__time__after_ceremony"]);
    expect(latestDeliveryBefore("14:30")).toBe("13:30");
    expect(latestDeliveryBefore("00:30")).toBeNull();
  });

  it("names malformed dates and times with their own codes", () => {
    const now = paris("2026-11-25", "09:00");
    expect(deliveryProblems({ date: "2026-02-30", time: "25:00", place: "home" }, now)).toEqual(["delivery__date__invalid", "delivery__time__invalid"]);
    for (const code of deliveryProblems({ date: "2026-02-30", time: "x", place: "home" }, now)) expect(DELIVERY_RULE_CODES).toContain(code);
  });

  it("tells the first date an order can be delivered", () => {
    expect(earliestDeliveryDate(paris("2026-11-25", "13:59"))).toBe("2026-11-26");
    expect(earliestDeliveryDate(paris("2026-11-25", "14:00"))).toBe("2026-11-27");
    expect(earliestDeliveryDate(paris("2026-12-31", "15:00"))).toBe("2027-01-02");
  });
});
