import { ImageResponse } from "next/og";
import { BRAND } from "@/config/brand";
import { localeOrDefault } from "@/domain/locales";
import { BRAND_TAGLINES } from "@/shared/seo/brand-taglines";

export const alt = BRAND;
export const size = { width: 1200, height: 630 };
export const contentType = "image/png";

const BACKGROUND = "#2f4f5f";

/**
 * The image font bundled with next/og draws Latin text only; any other script would
 * make it fetch a font from the network, which the product never does. Those locales
 * get the brand alone (their tagline is still in the image's alternative text).
 */
function drawable(text: string): boolean {
  return /^[\p{Script=Latin}\p{Script=Common}\p{Script=Inherited}]*$/u.test(text);
}

export default async function OpenGraphImage({ params }: { params: Promise<{ locale: string }> }) {
  const { locale: requested } = await params;
  const locale = localeOrDefault(requested);
  const tagline = BRAND_TAGLINES[locale];
  return new ImageResponse(
    (
      <div
        style={{
          width: "100%",
          height: "100%",
          display: "flex",
          flexDirection: "column",
          justifyContent: "center",
          padding: "0 96px",
          background: BACKGROUND,
          color: "#ffffff",
        }}
      >
        <div style={{ width: 96, height: 6, borderRadius: 3, background: "#c9d8df", marginBottom: 40 }} />
        <div style={{ fontSize: 128, letterSpacing: -2, lineHeight: 1 }}>{BRAND}</div>
        {drawable(tagline) ? (
          <div style={{ marginTop: 36, fontSize: 48, lineHeight: 1.25, color: "#e6eef2", maxWidth: 1000 }}>{tagline}</div>
        ) : null}
      </div>
    ),
    { ...size },
  );
}
