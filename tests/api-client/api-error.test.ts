import { describe, expect, it } from "vitest";
import { ApiError, codesFromResponse, isSerializedApiError, networkError, toApiError } from "@/api-client/api-error";

describe("error codes of a failed call (SPEC §8)", () => {
  it("maps status 0 to no_network", () => {
    expect(codesFromResponse(0, null)).toEqual(["no_network"]);
    expect(new ApiError(0, null).codes).toEqual(["no_network"]);
  });
  it.each(["Bad Request", "Unauthorized", "Forbidden", "Not Found", "Internal Server Error"])(
    "takes the message of a %s body",
    (error) => {
      expect(codesFromResponse(400, { error, message: "not_found" })).toEqual(["not_found"]);
      expect(codesFromResponse(400, { error })).toEqual(["unhandled"]);
    },
  );
  it("uses a message list as the code list", () => {
    expect(codesFromResponse(403, { error: "Forbidden", message: ["forbidden", "rate_limited"] })).toEqual(["forbidden", "rate_limited"]);
  });
  it("takes the errors of an Unprocessable Entity body, wrapping a single value", () => {
    expect(codesFromResponse(422, { error: "Unprocessable Entity", errors: ["client__email__taken", "validation_failed"] })).toEqual([
      "client__email__taken",
      "validation_failed",
    ]);
    expect(codesFromResponse(400, { error: "Unprocessable Entity", errors: "client__email__taken" })).toEqual(["client__email__taken"]);
    expect(codesFromResponse(422, { error: "Unprocessable Entity", message: "ignored" })).toEqual(["unhandled"]);
    expect(codesFromResponse(422, { error: "Unprocessable Entity", errors: [] })).toEqual(["unhandled"]);
  });
  it("reads errors rather than message on any 422", () => {
    expect(codesFromResponse(422, { error: "Bad Request", errors: ["validation_failed"], message: "bad_request" })).toEqual([
      "validation_failed",
    ]);
  });
  it("maps anything else to unhandled", () => {
    expect(codesFromResponse(500, "<html>oops</html>")).toEqual(["unhandled"]);
    expect(codesFromResponse(418, { error: "I'm a teapot", message: "tea" })).toEqual(["unhandled"]);
    expect(codesFromResponse(400, { message: "bad_request" })).toEqual(["unhandled"]);
    expect(codesFromResponse(400, null)).toEqual(["unhandled"]);
    expect(codesFromResponse(400, [1, 2])).toEqual(["unhandled"]);
  });
});

describe("ApiError", () => {
  it("carries status, body, status text and codes", () => {
    const body = { error: "Not Found", message: "not_found" };
    const error = new ApiError(404, body, "Not Found");
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe("ApiError");
    expect(error.status).toBe(404);
    expect(error.statusText).toBe("Not Found");
    expect(error.body).toBe(body);
    expect(error.codes).toEqual(["not_found"]);
    expect(error.message).toContain("404");
    expect(error.message).toContain("not_found");
  });
  it("survives serialization", () => {
    const error = new ApiError(422, { error: "Unprocessable Entity", errors: ["client__email__taken"] }, "Unprocessable Entity");
    const data = JSON.parse(JSON.stringify(error.toJSON()));
    expect(isSerializedApiError(data)).toBe(true);
    const back = ApiError.fromJSON(data);
    expect(back.codes).toEqual(["client__email__taken"]);
    expect(back.status).toBe(422);
    expect(back.message).toBe(error.message);
  });
  it("wraps network failures as no_network and other values as unhandled", () => {
    expect(networkError(new TypeError("Failed to fetch")).codes).toEqual(["no_network"]);
    const wrapped = toApiError(new Error("kaput"));
    expect(wrapped.codes).toEqual(["unhandled"]);
    expect(wrapped.message).toBe("kaput");
    expect(toApiError("text").codes).toEqual(["unhandled"]);
    expect(toApiError(undefined).message).toBe("Unexpected failure");
    const original = new ApiError(404, null, "Not Found");
    expect(toApiError(original)).toBe(original);
  });
});
